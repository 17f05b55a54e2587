//! A load measurement of the course server, not a timed test (ignored by default; run it with
//! `cargo test --release --test server_load -- --ignored --nocapture`): 60 students upload at
//! once, every version must be built and checked, and meanwhile, with the ladder playing, the
//! time to answer page requests is measured and printed (median, 99th percentile, maximum).

mod server_support;

use std::time::{Duration, Instant};

use server_support::{Course, Server, settled};

const STUDENTS: usize = 60;

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn sixty_students_upload_at_once_and_pages_stay_fast() {
    let roster: String = (0..STUDENTS).map(|i| format!("s{i:02},Student {i},\n")).collect();
    let course = Course::new(&roster, "");
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read_to_string(server_support::root().join("bots/smart.c")).unwrap();
    let started = Instant::now();
    std::thread::scope(|scope| {
        for i in 0..STUDENTS {
            let (server, links, smart) = (&server, &links, &smart);
            scope.spawn(move || {
                // Each student's own bytes: 60 versions to build, not one.
                let source = format!("{smart}\n/* s{i:02} */\n");
                let reply = server.upload(&links[&format!("s{i:02}")], "bot.c", source.as_bytes());
                assert_eq!(reply.status, 303, "{}", reply.text());
            });
        }
    });
    println!("60 uploads accepted in {:?}", started.elapsed());
    let mut times = Vec::new();
    let mut pages = 0;
    let mut pending: Vec<usize> = (0..STUDENTS).collect();
    while !pending.is_empty() {
        for path in ["/board".to_string(), "/board.json".to_string(), format!("/s/{}", links["s00"])] {
            let t = Instant::now();
            assert_eq!(server.get(&path).status, 200);
            times.push(t.elapsed());
            pages += 1;
        }
        pending.retain(|&i| {
            let state = server_support::version_state(&server, &links[&format!("s{i:02}")], 1);
            matches!(state.as_deref(), Some("queued" | "building" | "checking") | None)
        });
        std::thread::sleep(Duration::from_millis(100));
    }
    println!("60 versions built and checked {:?} after the uploads began", started.elapsed());
    for i in 0..STUDENTS {
        assert_eq!(settled(&server, &links[&format!("s{i:02}")], 1), "ready");
    }
    // With every version in the ladder, more page requests while it plays.
    for _ in 0..100 {
        for path in ["/board".to_string(), format!("/s/{}", links["s07"])] {
            let t = Instant::now();
            assert_eq!(server.get(&path).status, 200);
            times.push(t.elapsed());
            pages += 1;
        }
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{pages} page requests during the checks and the ladder: median {:?}, 99th percentile {:?}, max {:?}; {} ladder games played",
        at(0.5),
        at(0.99),
        times.last().unwrap(),
        server_support::games_played(&server)
    );
}
