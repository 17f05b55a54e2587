//! Page latency under a busy ladder (issue 38 item 5), a measurement, not a timed test (ignored by
//! default): `cargo test --release --test suite server_latency:: -- --ignored --nocapture`. Twelve
//! students' versions play the ladder at `--jobs 2` until it holds `JUIZ_LATENCY_GAMES` games
//! (default 400: each rating update reads them all), then four clients fetch `GET /board` and a
//! student page over and over while it goes on; prints the median and 95th percentile of each
//! page and the ladder games finished meanwhile. Figures are kept, dated, in docs/course.md.

use crate::server_support;

use std::time::{Duration, Instant};

use server_support::{Course, Server, settled};

const STUDENTS: usize = 12;
const CLIENTS: usize = 4;
const ROUNDS: usize = 150;

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn pages_answer_while_the_ladder_writes() {
    let roster: String = (0..STUDENTS).map(|i| format!("s{i:02},Student {i},\n")).collect();
    let course = Course::new(&roster, "");
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read_to_string(server_support::root().join("bots/smart.c")).unwrap();
    for i in 0..STUDENTS {
        let source = format!("{smart}\n/* s{i:02} */\n");
        assert_eq!(server.upload(&links[&format!("s{i:02}")], "bot.c", source.as_bytes()).status, 303);
    }
    for i in 0..STUDENTS {
        assert_eq!(settled(&server, &links[&format!("s{i:02}")], 1), "ready");
    }
    // Let the ladder fill its table first, so that each rating update has games to read.
    let fill: i64 = std::env::var("JUIZ_LATENCY_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    let warm = Instant::now();
    while server_support::games_played(&server) < fill && warm.elapsed() < Duration::from_secs(600) {
        std::thread::sleep(Duration::from_millis(500));
    }
    let before = server_support::games_played(&server);
    let started = Instant::now();
    let student = format!("/s/{}", links["s03"]);
    let (board, page): (Vec<Duration>, Vec<Duration>) = std::thread::scope(|scope| {
        let clients: Vec<_> = (0..CLIENTS)
            .map(|_| {
                let (server, student) = (&server, &student);
                scope.spawn(move || {
                    let (mut board, mut page) = (Vec::new(), Vec::new());
                    for _ in 0..ROUNDS {
                        for (path, times) in [("/board", &mut board), (student.as_str(), &mut page)] {
                            let t = Instant::now();
                            assert_eq!(server.get(path).status, 200);
                            times.push(t.elapsed());
                        }
                    }
                    (board, page)
                })
            })
            .collect();
        let mut all = (Vec::new(), Vec::new());
        for client in clients {
            let (b, p) = client.join().unwrap();
            all.0.extend(b);
            all.1.extend(p);
        }
        all
    });
    let games = server_support::games_played(&server) - before;
    let quantiles = |mut times: Vec<Duration>| {
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        format!("p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms", ms(at(0.5)), ms(at(0.95)), ms(*times.last().unwrap()))
    };
    println!("GET /board ({} requests): {}", board.len(), quantiles(board));
    println!("GET /s/TOKEN ({} requests): {}", page.len(), quantiles(page));
    println!(
        "{games} ladder games finished in the {:.1} s of requests ({before} before)",
        started.elapsed().as_secs_f64()
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
