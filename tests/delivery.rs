//! What the transcript says was sent is what reached each bot: every line, in order, the lines
//! held for a bot that waits for its turn and the game's last lines included.

mod common;

use juiz::bot::BotCommand;
use juiz::games::GameKind;
use juiz::record::{Direction, Transcript};
use juiz::referee::{self, GameConfig, Player, PlayerSpec, Quiet};

#[test]
fn every_line_sent_reached_its_bot_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let echo = common::root().join("tests/fixtures/bot/echo_to_stderr.py");
    let players = (0..2)
        .map(|seat| PlayerSpec {
            name: format!("echo{seat}"),
            player: Player::Bot(BotCommand::parse(&echo.display().to_string()).unwrap().resolve().unwrap()),
        })
        .collect();
    let mut config = GameConfig::new(GameKind::ItpBuraco, 7, players);
    config.log = Some(dir.path().join("game.csv"));
    config.stderr_dir = Some(dir.path().to_path_buf());
    let report = referee::play(&config, &mut Quiet).unwrap();
    assert!(report.fault.is_none(), "{:?}", report.fault);

    let transcript = Transcript::read(&dir.path().join("game.csv")).unwrap();
    for (seat, id) in transcript.meta.seat_ids.iter().enumerate() {
        let sent: Vec<&str> = transcript
            .rows
            .iter()
            .filter(|row| row.dir == Direction::ToSeat && &row.seat == id)
            .map(|row| row.text.as_str())
            .collect();
        let stderr = std::fs::read_to_string(referee::stderr_log_path(dir.path(), "game", seat)).unwrap();
        let received: Vec<&str> = stderr.lines().collect();
        assert!(sent.len() > 20, "seat {seat}: a whole game, {} lines", sent.len());
        assert_eq!(received, sent, "seat {seat}");
    }
}
