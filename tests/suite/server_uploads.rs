//! The course server's uploads over HTTP on loopback: archives of a bot's sources (zip, tar,
//! tar.gz) unpacked and judged like a submissions folder; hostile archives (paths outside their
//! folder, links, a zip bomb, compiled programs, no bot in them) refused with a message that names
//! the problem, in the student's language, storing nothing; a slow bot failing its check.

use crate::server_support;

use server_support::{Course, Server, settled, zip_of};

const ROSTER: &str = "ana,Ana,\nbia,Bia,\ncaio,Caio,\n";

fn tar_gz_of(files: &[(&str, &[u8])], link: Option<(&str, &str)>) -> Vec<u8> {
    let mut tar = tar::Builder::new(flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default()));
    for (name, bytes) in files {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append_data(&mut header, name, *bytes).unwrap();
    }
    if let Some((name, target)) = link {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Symlink);
        header.set_size(0);
        tar.append_link(&mut header, name, target).unwrap();
    }
    tar.into_inner().unwrap().finish().unwrap()
}

/// A page's text with the escapes of `'`, `/` and `&` undone.
fn unescaped(page: &str) -> String {
    page.replace("&#x27;", "'").replace("&#x2f;", "/").replace("&amp;", "&")
}

fn stored(course: &Course) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(course.data().join("submissions"))
        .map(|dir| dir.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn archives_are_unpacked_and_judged_and_hostile_ones_refused() {
    // A house bot anchors the ladder beside the course's own bots.
    let course = Course::with_keys(ROSTER, "\"upload_limit\": \"64KiB\"", r#" "house": ["easy"],"#);
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read(server_support::root().join("bots/smart.c")).unwrap();

    // Refused, each with what is wrong, and nothing stored.
    let refusals: [(&str, Vec<u8>, &str); 7] = [
        ("up.zip", zip_of(&[("../bot.c", &smart)]), "'../bot.c' points outside the archive's folder"),
        ("abs.zip", zip_of(&[("/etc/bot.c", &smart)]), "points outside the archive's folder"),
        ("bomb.zip", zip_of(&[("bot.c", &vec![b'a'; 4 << 20])]), "the archive unpacks to more than 524288 bytes"),
        ("prog.zip", zip_of(&[("bot", b"\x7fELF\x02\x01\x01\0\0\0")]), "'bot' is not text (a compiled program?)"),
        ("two.zip", zip_of(&[("a.c", &smart), ("b.c", &smart)]), "several C sources (a.c, b.c)"),
        ("link.tar.gz", tar_gz_of(&[("bot.c", &smart)], Some(("util.h", "/etc/shadow"))), "'util.h' is a link"),
        ("junk.zip", b"PK\x03\x04 not really a zip".to_vec(), "not a readable zip file"),
    ];
    for (name, bytes, wanted) in &refusals {
        let refused = server.upload(&links["bia"], name, bytes);
        assert_eq!(refused.status, 400, "{name}: {}", refused.text());
        assert!(unescaped(&refused.text()).contains(wanted), "{name}: {wanted:?} in {}", refused.text());
    }
    let csrf = server.csrf(&format!("/s/{}", links["bia"]));
    let pt = server.upload_in(Some("pt-BR,pt;q=0.9"), &links["bia"], &csrf, "up.zip", &refusals[0].1);
    assert!(unescaped(&pt.text()).contains("aponta para fora da pasta do arquivo compactado"), "{}", pt.text());
    let exe = server.upload_in(Some("pt-BR"), &links["bia"], &csrf, "bot.exe", b"MZ");
    assert!(exe.text().contains("não é um fonte C, C++ ou Python"), "{}", exe.text());
    assert!(stored(&course).is_empty(), "a refused upload stores nothing: {:?}", stored(&course));
    assert!(server.get(&format!("/s/{}", links["bia"])).text().contains("No active version"));

    // A folder of sources in a zip (one top folder, a header of its own) and a tar.gz of a
    // Python bot with a module: each unpacked into a folder of its own and judged as one.
    let header = b"#define BOT_NAME \"ana\"\n";
    let mut main = b"#include \"name.h\"\n".to_vec();
    main.extend(&smart);
    let zip = zip_of(&[("ana-bot/bot.c", &main), ("ana-bot/name.h", header), ("ana-bot/README.txt", b"my bot\n")]);
    assert_eq!(server.upload(&links["ana"], "ana-bot.zip", &zip).status, 303);
    let module = b"def choose(options):\n    return options[0]\n";
    let script = std::fs::read(server_support::root().join("bots/random_bot.py")).unwrap();
    let mut main_py = b"import helper  # a module beside it\n".to_vec();
    main_py.extend(&script);
    let tgz = tar_gz_of(&[("main.py", &main_py), ("helper.py", module)], None);
    assert_eq!(server.upload(&links["caio"], "caio.tar.gz", &tgz).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready", "{}", server.get(&format!("/s/{}", links["ana"])).text());
    assert_eq!(settled(&server, &links["caio"], 1), "ready", "{}", server.get(&format!("/s/{}", links["caio"])).text());
    let kept = stored(&course);
    assert_eq!(kept.iter().filter(|n| n.ends_with(".zip") || n.ends_with(".tar.gz")).count(), 2, "{kept:?}");
    let folders: Vec<_> = kept.iter().filter(|n| course.data().join("submissions").join(n).is_dir()).collect();
    assert_eq!(folders.len(), 2, "{kept:?}");
    for folder in folders {
        let dir = course.data().join("submissions").join(folder);
        assert!(dir.join(".juiz-bot-folder").is_file(), "marked as the bot's own");
        assert!(dir.join("bot.c").is_file() || dir.join("main.py").is_file(), "the top folder taken away");
    }

    // The house bot is on the leaderboard, marked as one, and plays the students.
    server_support::wait_for("a game of house-easy", || {
        let rows = server.get("/board.json").json()["rows"].as_array().unwrap().clone();
        rows.iter().find(|r| r["version"] == "house-easy").and_then(|r| r["games"].as_i64()).filter(|&g| g > 0)
    });
    let board = server.get("/board").text();
    assert!(board.contains("house-easy (house bot)"), "{board}");

    // A slow bot fails its check with a timeout, and the page says so.
    let slow = b"import sys, time\nfor line in sys.stdin:\n    time.sleep(30)\n";
    assert_eq!(server.upload(&links["bia"], "main.py", slow).status, 303);
    assert_eq!(settled(&server, &links["bia"], 1), "check-failed");
    let bia = server.get(&format!("/s/{}", links["bia"])).text();
    assert!(bia.contains("timeout"), "{bia}");
}
