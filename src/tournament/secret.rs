//! Secret deals: a tournament whose file sets no seed draws a 256-bit secret from the operating
//! system, keeps it in its results folder (`deal-secret`, mode 0600) while games remain, and
//! publishes it (mode 0640, as every results file) once the folder holds every game. Each game's
//! seed is HMAC-SHA256 of that secret and the game's identity: a bot that knows juiz's code and
//! every name it is told still cannot compute a deal it has not seen. With the secret published,
//! anyone can recompute every game's seed (`games.csv` records them, and `juiz replay` replays
//! any game from its transcript as before).

use std::fmt;
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::error::TournamentError;
use crate::games::GameKind;

/// The file in a results folder that holds the secret of its deals.
pub const SECRET_FILE: &str = "deal-secret";

/// 256 bits from the operating system. Its `Debug` shows no byte of it.
#[derive(Clone, PartialEq, Eq)]
pub struct DealSecret([u8; 32]);

impl fmt::Debug for DealSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DealSecret(..)")
    }
}

/// Where the seeds of a tournament's games come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeedKey {
    /// The file's `"seed"`: every game's seed is a public function of it (demos, debugging).
    Fixed(u64),
    /// No `"seed"`: a secret drawn for the run.
    Secret(DealSecret),
}

impl SeedKey {
    /// The seed of one deal, a function of the key and of the deal's identity (game, seat count,
    /// the pairing's bots, deal number); both games of a duplicate deal share it. 49 bits, so
    /// that a seed survives spreadsheets (15 decimal digits at most).
    pub fn game_seed(&self, game: GameKind, players: usize, a: &str, b: &str, deal: u32) -> u64 {
        match self {
            SeedKey::Fixed(seed) => super::schedule::game_seed(*seed, game, players, a, b, deal),
            SeedKey::Secret(secret) => {
                let identity = super::schedule::deal_identity(game, players, a, b, deal);
                let mut mac = Hmac::<Sha256>::new_from_slice(&secret.0).expect("HMAC takes a key of any length");
                mac.update(identity.as_bytes());
                let digest = mac.finalize().into_bytes();
                let word: [u8; 8] = digest[..8].try_into().expect("a SHA-256 digest has 32 bytes");
                u64::from_le_bytes(word) >> 15
            }
        }
    }
}

impl DealSecret {
    /// A new secret from the operating system's random source.
    pub fn draw() -> std::io::Result<DealSecret> {
        let mut bytes = [0u8; 32];
        let mut filled = 0;
        while filled < bytes.len() {
            // SAFETY: the pointer and length describe the unfilled part of `bytes`.
            let n = unsafe { libc::getrandom(bytes[filled..].as_mut_ptr().cast(), bytes.len() - filled, 0) };
            if n < 0 {
                let e = std::io::Error::last_os_error();
                if e.kind() != std::io::ErrorKind::Interrupted {
                    return Err(e);
                }
                continue;
            }
            filled += n as usize;
        }
        Ok(DealSecret(bytes))
    }

    /// The secret as 64 lowercase hexadecimal digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Reads 64 hexadecimal digits (surrounding white space ignored).
    pub fn from_hex(text: &str) -> Option<DealSecret> {
        let text = text.trim();
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(DealSecret(bytes))
    }
}

/// Reads the secret in `path`, `None` if there is no such file.
pub fn read(path: &Path) -> Result<Option<DealSecret>, TournamentError> {
    match std::fs::read_to_string(path) {
        Ok(text) => DealSecret::from_hex(&text).map(Some).ok_or_else(|| TournamentError::Secret {
            path: path.to_path_buf(),
            problem: "it does not hold 64 hexadecimal digits (a file juiz wrote holds exactly that)".to_string(),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(TournamentError::Secret { path: path.to_path_buf(), problem: e.to_string() }),
    }
}

/// Writes `secret` to `path`, which must not exist, readable by its owner only.
fn write_new(path: &Path, secret: &DealSecret) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    file.write_all(format!("{}\n", secret.to_hex()).as_bytes())?;
    file.sync_all()
}

/// The secret of the results folder `out`: the one recorded there (a resumed run), else the one
/// in `shared` (`--secret FILE`, made there first if missing: every shard of one tournament
/// gives the same file), else a new one. Recorded in `out` (0600) before any game is played.
pub fn for_run(out: &Path, shared: Option<&Path>) -> Result<DealSecret, TournamentError> {
    let recorded_path = out.join(SECRET_FILE);
    let recorded = read(&recorded_path)?;
    let given = match shared {
        Some(path) => Some(shared_secret(path)?),
        None => None,
    };
    match (recorded, given) {
        (Some(r), Some(g)) if r != g => Err(TournamentError::Secret {
            path: recorded_path,
            problem: "this results folder was dealt from another secret than --secret's: give the file its \
                      first run used, or another --out"
                .to_string(),
        }),
        (Some(r), _) => Ok(r),
        (None, given) => {
            let secret = match given {
                Some(g) => g,
                None => DealSecret::draw().map_err(|e| TournamentError::Secret {
                    path: recorded_path.clone(),
                    problem: format!("cannot draw a secret from the system: {e}"),
                })?,
            };
            write_new(&recorded_path, &secret)
                .map_err(|e| TournamentError::Secret { path: recorded_path.clone(), problem: e.to_string() })?;
            Ok(secret)
        }
    }
}

/// The secret shared by the shards of one tournament: read from `path`, or drawn and written
/// there (0600) when the file does not exist yet. A file others can read is refused.
fn shared_secret(path: &Path) -> Result<DealSecret, TournamentError> {
    let error = |problem: String| TournamentError::Secret { path: path.to_path_buf(), problem };
    if let Some(secret) = read(path)? {
        let mode = std::fs::metadata(path).map_err(|e| error(e.to_string()))?.permissions().mode();
        if mode & 0o077 != 0 {
            return Err(error(format!(
                "others can read it (mode {:o}): run `chmod 600 {}`, or give a new file",
                mode & 0o777,
                path.display()
            )));
        }
        return Ok(secret);
    }
    let secret = DealSecret::draw().map_err(|e| error(format!("cannot draw a secret from the system: {e}")))?;
    match write_new(path, &secret) {
        Ok(()) => Ok(secret),
        // Another shard made it first: take its secret.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            read(path)?.ok_or_else(|| error("it vanished while it was read".to_string()))
        }
        Err(e) => Err(error(e.to_string())),
    }
}

/// Records `secret` in the results folder `out` (a merge's), readable by its owner only.
pub fn record(out: &Path, secret: &DealSecret) -> Result<(), TournamentError> {
    let path = out.join(SECRET_FILE);
    let error = |e: std::io::Error| TournamentError::Secret { path: path.clone(), problem: e.to_string() };
    // A temporary file is made with mode 0600, then renamed into place.
    let mut tmp = tempfile::NamedTempFile::new_in(out).map_err(error)?;
    tmp.write_all(format!("{}\n", secret.to_hex()).as_bytes()).map_err(error)?;
    tmp.as_file().sync_all().map_err(error)?;
    tmp.persist(&path).map_err(|e| error(e.error))?;
    Ok(())
}

/// Makes the secret of `out` readable as every results file is (the run is over: no game of it
/// remains to be dealt). Returns the file's path, or `None` when `out` holds no secret.
pub fn publish(out: &Path) -> Result<Option<std::path::PathBuf>, TournamentError> {
    let path = out.join(SECRET_FILE);
    if !path.exists() {
        return Ok(None);
    }
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(crate::private_file::FILE_MODE))
        .map_err(|e| TournamentError::Secret { path: path.clone(), problem: e.to_string() })?;
    Ok(Some(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip_and_refusals() {
        let s = DealSecret::draw().unwrap();
        assert_eq!(DealSecret::from_hex(&format!(" {}\n", s.to_hex())), Some(s.clone()));
        assert_eq!(DealSecret::from_hex("abc"), None);
        assert_eq!(DealSecret::from_hex(&"g".repeat(64)), None);
        assert_eq!(format!("{s:?}"), "DealSecret(..)");
    }

    #[test]
    fn two_draws_differ_and_seeds_depend_on_the_key() {
        let (a, b) = (DealSecret::draw().unwrap(), DealSecret::draw().unwrap());
        assert_ne!(a, b);
        let seed = |k: &SeedKey| k.game_seed(GameKind::ItpBuraco, 2, "alice", "bob", 1);
        let (sa, sb) = (seed(&SeedKey::Secret(a.clone())), seed(&SeedKey::Secret(b)));
        assert_ne!(sa, sb);
        assert!(sa < 1 << 49);
        // Deterministic for one key; the deal number matters.
        assert_eq!(sa, seed(&SeedKey::Secret(a.clone())));
        assert_ne!(sa, SeedKey::Secret(a).game_seed(GameKind::ItpBuraco, 2, "alice", "bob", 2));
    }

    #[test]
    fn known_answer() {
        // HMAC-SHA256 with the all-zero key over the identity text, its first 8 bytes read
        // little-endian and shifted right by 15 (computed independently with Python's hmac
        // module): a change of the derivation shows here.
        let key = SeedKey::Secret(DealSecret([0; 32]));
        let identity = crate::tournament::schedule::deal_identity(GameKind::ItpBuraco, 2, "a", "b", 1);
        assert_eq!(identity, "juiz/1|itp-buraco|2|a|b|1");
        assert_eq!(key.game_seed(GameKind::ItpBuraco, 2, "a", "b", 1), 103_705_142_730_646);
    }
}
