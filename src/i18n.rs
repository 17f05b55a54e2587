//! The language juiz speaks to people: English, or Portuguese for the course's Brazilian students.
//! Chosen once per process (`--lang`, else the locale: `LC_ALL`, `LC_MESSAGES`, `LANG`); the
//! messages are Project Fluent resources (`src/i18n/en.ftl`, `pt.ftl`) read with `fluent-bundle`.
//! The wire protocol, CSV columns, logs and result lines never change with the language.

use std::sync::OnceLock;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

use crate::games::{Arg, Message};

/// A language juiz speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Pt,
}

impl Lang {
    /// `en` or `pt` (a locale such as `pt_BR.UTF-8` or `en-US` too).
    pub fn parse(text: &str) -> Option<Lang> {
        let code = text.trim().to_ascii_lowercase();
        match code.get(..2) {
            Some("pt") => Some(Lang::Pt),
            Some("en") => Some(Lang::En),
            _ if code == "c" || code == "posix" || code.starts_with("c.") => Some(Lang::En),
            _ => None,
        }
    }

    /// The locale's language: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not
    /// empty, as POSIX orders them; Portuguese for `pt…`, English otherwise.
    pub fn from_env() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|var| std::env::var(var).ok().filter(|v| !v.is_empty()))
            .and_then(|value| Lang::parse(&value))
            .unwrap_or(Lang::En)
    }

    /// juiz's own messages, then every registered game's (a file several games share once), as
    /// one resource.
    fn source(self) -> String {
        let mut text = match self {
            Lang::En => include_str!("i18n/en.ftl"),
            Lang::Pt => include_str!("i18n/pt.ftl"),
        }
        .to_owned();
        let mut added: Vec<&str> = Vec::new();
        for kind in crate::games::GameKind::ALL {
            let game = match self {
                Lang::En => kind.def().messages_en,
                Lang::Pt => kind.def().messages_pt,
            };
            if !added.contains(&game) {
                added.push(game);
                text.push('\n');
                text.push_str(game);
            }
        }
        text
    }

    fn tag(self) -> unic_langid::LanguageIdentifier {
        match self {
            Lang::En => "en".parse().expect("a valid language tag"),
            Lang::Pt => "pt-BR".parse().expect("a valid language tag"),
        }
    }
}

static LANG: OnceLock<Lang> = OnceLock::new();

/// Sets the language of the process, once (later calls change nothing). Unset, it is English.
pub fn set_lang(lang: Lang) {
    let _ = LANG.set(lang);
}

thread_local! {
    /// A language set for the current thread only (`with_lang`), over the process's.
    static THREAD_LANG: std::cell::Cell<Option<Lang>> = const { std::cell::Cell::new(None) };
}

/// The language of the process (or of the current thread, inside `with_lang`).
pub fn lang() -> Lang {
    THREAD_LANG.get().or_else(|| LANG.get().copied()).unwrap_or(Lang::En)
}

/// Runs `f` with `lang` as the language of the current thread: a server words one report in
/// each student's language.
pub fn with_lang<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    let before = THREAD_LANG.replace(Some(lang));
    let result = f();
    THREAD_LANG.set(before);
    result
}

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    bundle_with(lang, "")
}

/// juiz's messages and every registered game's, then `extra` (a game the registry does not list).
fn bundle_with(lang: Lang, extra: &str) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(lang.source() + "\n" + extra).expect("the .ftl files parse (see the tests)");
    let mut bundle = FluentBundle::new(vec![lang.tag()]);
    // No Unicode isolation marks around arguments: terminals and tests see the plain text.
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).expect("no message is defined twice (see the tests)");
    bundle
}

thread_local! {
    static BUNDLES: [FluentBundle<FluentResource>; 2] = [bundle(Lang::En), bundle(Lang::Pt)];
    /// The bundles with a game's messages added (`with_game_messages`), over `BUNDLES`.
    static EXTRA: std::cell::RefCell<Option<[FluentBundle<FluentResource>; 2]>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with the messages of a game the registry does not list (English `en`, Portuguese
/// `pt`: a test's scratch game) added to juiz's own, on the current thread only.
pub fn with_game_messages<R>(en: &str, pt: &str, f: impl FnOnce() -> R) -> R {
    let bundles = [bundle_with(Lang::En, en), bundle_with(Lang::Pt, pt)];
    let before = EXTRA.replace(Some(bundles));
    let result = f();
    EXTRA.set(before);
    result
}

/// Runs `f` on the bundles of the current thread.
fn with_bundles<R>(f: impl FnOnce(&[FluentBundle<FluentResource>; 2]) -> R) -> R {
    EXTRA.with_borrow(|extra| match extra {
        Some(bundles) => f(bundles),
        None => BUNDLES.with(f),
    })
}

/// The message `id` in the process's language, with `args` (`("name", value)`).
pub fn tr(id: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    tr_in(lang(), id, args)
}

/// The message `id` in `lang` (English when the language lacks it; the id itself if no
/// language has it).
pub fn tr_in(lang: Lang, id: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        // Whole numbers go in as numbers, for the plural forms of the messages.
        let text = value.to_string();
        match text.parse::<u64>() {
            Ok(n) => fluent_args.set(*name, FluentValue::from(n)),
            Err(_) => fluent_args.set(*name, FluentValue::from(text)),
        }
    }
    format(lang, id, &fluent_args)
}

/// Whether `lang` itself has the message `id` (no falling back to English): for the tests that
/// tie the ids the code uses to both languages.
pub fn has_message(lang: Lang, id: &str) -> bool {
    with_bundles(|bundles| bundles[if lang == Lang::Pt { 1 } else { 0 }].has_message(id))
}

/// `message` in the process's language.
pub fn say(message: &Message) -> String {
    say_in(lang(), message)
}

/// `message` in `lang`; its clauses are worded first, in the same language.
pub fn say_in(lang: Lang, message: &Message) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, arg) in &message.args {
        match arg {
            Arg::Text(text) => fluent_args.set(*name, FluentValue::from(text.as_str())),
            Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            Arg::Message(clause) => fluent_args.set(*name, FluentValue::from(say_in(lang, clause))),
        }
    }
    format(lang, message.id, &fluent_args)
}

/// In English, whatever the process's language: how transcripts record what engines say.
impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&say_in(Lang::En, self))
    }
}

fn format(lang: Lang, id: &str, fluent_args: &FluentArgs) -> String {
    with_bundles(|bundles| {
        let order = if lang == Lang::Pt { [1, 0] } else { [0, 0] };
        for index in order {
            let bundle = &bundles[index];
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle.format_pattern(pattern, Some(fluent_args), &mut errors).into_owned();
            }
        }
        id.to_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message ids of a resource (every message is one `id = text` line).
    fn ids(lang: Lang) -> Vec<String> {
        FluentResource::try_new(lang.source()).unwrap_or_else(|(_, e)| panic!("{lang:?}: {e:?}"));
        let mut ids: Vec<String> =
            lang.source().lines().filter_map(|l| l.split_once(" = ")).map(|(id, _)| id.to_owned()).collect();
        ids.sort();
        ids
    }

    #[test]
    fn both_languages_have_the_same_messages() {
        let en = ids(Lang::En);
        assert!(en.len() > 40);
        assert_eq!(ids(Lang::Pt), en);
    }

    /// Each message's argument names (`$name`), by id: a message is its `id = ` line and the
    /// indented lines after it.
    fn arguments(lang: Lang) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
        let mut map = std::collections::BTreeMap::new();
        let mut current: Option<String> = None;
        for line in lang.source().lines() {
            if let Some((id, _)) = line.split_once(" = ")
                && !line.starts_with(' ')
            {
                current = Some(id.to_owned());
            } else if !line.starts_with(' ') {
                current = None;
            }
            let Some(id) = &current else { continue };
            let names: &mut std::collections::BTreeSet<String> = map.entry(id.clone()).or_default();
            for piece in line.split('$').skip(1) {
                names.insert(
                    piece.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect(),
                );
            }
        }
        map
    }

    #[test]
    fn both_languages_take_the_same_arguments() {
        let en = arguments(Lang::En);
        assert!(en["narr-takes-pile"].contains("out") && en["viol-team-note-yours"].contains("list"));
        assert_eq!(arguments(Lang::Pt), en);
    }

    #[test]
    fn engine_messages_word_their_clauses_in_the_same_language() {
        let hint = Message::new("hint-draw")
            .clause("top", Message::new("hint-top-card").text("card", "5♠"))
            .clause("join", Message::new("empty"));
        assert!(say_in(Lang::En, &hint).ends_with("melding with the top card 5♠)"), "{}", say_in(Lang::En, &hint));
        assert!(
            say_in(Lang::Pt, &hint).ends_with("formando um jogo com a carta de cima 5♠)"),
            "{}",
            say_in(Lang::Pt, &hint)
        );
        // Counts are plain numbers (no grouping), and text arguments stay as given ("007").
        let out = Message::new("narr-out-morto");
        let narration = Message::new("narr-takes-pile")
            .number("taken", 12345)
            .text("cards", "[ 6♠ 7♠ ]")
            .number("index", 0)
            .text("meld", "[ 5♠ 6♠ 7♠ ]")
            .clause("out", out);
        assert_eq!(
            narration.to_string(),
            "takes the discard pile (12345 cards) with [ 6♠ 7♠ ] (meld 0: [ 5♠ 6♠ 7♠ ]) and takes the morto"
        );
        assert_eq!(
            Message::new("viol-index-not-integer").text("index", "007").to_string(),
            "meld index '007' is not a plain decimal integer"
        );
    }

    #[test]
    fn messages_take_their_arguments() {
        let args: [(&str, &dyn std::fmt::Display); 1] = [("command", &"juiz check x")];
        assert_eq!(tr_in(Lang::En, "check-rerun", &args), "rerun the same games with: juiz check x");
        assert_eq!(tr_in(Lang::Pt, "check-rerun", &args), "repita as mesmas partidas com: juiz check x");
        assert_eq!(tr_in(Lang::Pt, "no-such-message", &[]), "no-such-message");
        let verdict = |lang, failed: usize| {
            let args: [(&str, &dyn std::fmt::Display); 4] =
                [("failed", &failed), ("games", &6), ("bot", &"b"), ("list", &"1, 2")];
            tr_in(lang, "check-failed", &args)
        };
        assert!(verdict(Lang::En, 1).ends_with("(game 1, 2)"), "{}", verdict(Lang::En, 1));
        assert!(verdict(Lang::En, 2).ends_with("(games 1, 2)"), "{}", verdict(Lang::En, 2));
        assert!(verdict(Lang::Pt, 2).ends_with("(partidas 1, 2)"), "{}", verdict(Lang::Pt, 2));
    }

    #[test]
    fn locales_name_the_language() {
        assert_eq!(Lang::parse("pt_BR.UTF-8"), Some(Lang::Pt));
        assert_eq!(Lang::parse("pt"), Some(Lang::Pt));
        assert_eq!(Lang::parse("en_US.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::parse("C.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::parse("de"), None);
    }
}
