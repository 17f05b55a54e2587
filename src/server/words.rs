//! The pages' words in English and Portuguese, and the page language chosen per request
//! (`?lang=`, else the browser's `Accept-Language`, else the process's language).

use std::collections::BTreeMap;

use crate::i18n::Lang;

/// (key, English, Portuguese).
const WORDS: &[(&str, &str, &str)] = &[
    ("leaderboard", "Leaderboard", "Classificação"),
    ("rank", "#", "#"),
    ("player", "Player", "Jogador"),
    ("version", "Version", "Versão"),
    ("rating", "Rating", "Rating"),
    ("games", "Games", "Partidas"),
    ("faults", "Faults", "Faltas"),
    ("age", "Version age", "Idade da versão"),
    ("house", "house bot", "bot da casa"),
    ("against", "vs", "contra"),
    ("bar", "To pass, beat", "Para passar, vença"),
    ("bar_rule", "more than half the points in", "mais da metade dos pontos em"),
    ("bar_games", "ranked games", "partidas valendo"),
    ("bar_pending", "not decided yet", "ainda não decidido"),
    ("bar_passed", "passed", "aprovado"),
    ("bar_failed", "failed", "reprovado"),
    ("your_page", "Your bot", "Seu bot"),
    ("upload", "Upload a new version", "Enviar nova versão"),
    (
        "upload_help",
        "One source file (bot.c, bot.cpp or main.py), or a .zip, .tar or .tar.gz of a bot's sources (the bot named bot or main)",
        "Um arquivo-fonte (bot.c, bot.cpp ou main.py), ou um .zip, .tar ou .tar.gz com os fontes do bot (o bot chamado bot ou main)",
    ),
    ("send", "Send", "Enviar"),
    ("deadline", "Deadline", "Prazo"),
    ("no_deadline", "none", "nenhum"),
    (
        "closed",
        "The submission deadline has passed: uploads are closed.",
        "O prazo de envio passou: envios encerrados.",
    ),
    ("versions", "Your versions", "Suas versões"),
    ("state", "State", "Estado"),
    ("active", "active", "ativa"),
    ("queued", "waiting", "na fila"),
    ("building", "compiling", "compilando"),
    ("checking", "checking", "verificando"),
    ("build-failed", "does not compile", "não compila"),
    ("check-failed", "failed the check", "reprovada na verificação"),
    ("ready", "passed", "aprovada"),
    ("compiler", "Compiler messages", "Mensagens do compilador"),
    ("check", "Check report", "Relatório da verificação"),
    ("your_games", "Your games", "Suas partidas"),
    ("opponent", "Opponent", "Adversário"),
    ("result", "Result", "Resultado"),
    ("won", "won", "venceu"),
    ("check_logs_here", "the games listed below", "as partidas listadas abaixo"),
    ("lost", "lost", "perdeu"),
    ("draw", "draw", "empate"),
    ("fault", "Fault", "Falta"),
    ("replay", "replay", "replay"),
    ("stderr", "your stderr", "seu stderr"),
    ("friendly", "unranked", "amistosa"),
    ("play_now", "Play my bot against", "Jogar meu bot contra"),
    ("play", "Play", "Jogar"),
    ("no_active", "No active version yet: upload one.", "Nenhuma versão ativa ainda: envie uma."),
    ("admin", "Course administration", "Administração do curso"),
    ("roster", "Roster", "Turma"),
    ("name", "Name", "Nome"),
    ("team", "Team", "Equipe"),
    ("link", "Link", "Link"),
    ("has_link", "has a link", "tem link"),
    ("no_link", "no link", "sem link"),
    ("reissue", "New link", "Novo link"),
    ("revoke", "Revoke", "Revogar"),
    ("set", "Set", "Definir"),
    ("deadline_help", "UTC, e.g. 2026-12-01T23:59:00Z; empty: none", "UTC, ex.: 2026-12-01T23:59:00Z; vazio: nenhum"),
    ("ladder", "Ladder", "Ladder"),
    ("paused", "paused", "pausada"),
    ("running", "running", "rodando"),
    ("pause", "Pause", "Pausar"),
    ("resume", "Resume", "Retomar"),
    ("final", "Final tournament", "Torneio final"),
    ("final_run", "Run the final tournament over the active versions", "Rodar o torneio final com as versões ativas"),
    ("download", "Download", "Baixar"),
    ("exports", "Exports", "Exportações"),
    ("done", "done", "concluídas"),
    ("language", "Português", "English"),
    ("superseded", "replaced by a newer upload", "substituída por um envio mais novo"),
    ("disk", "Disk", "Disco"),
    ("disk_use", "the course folder takes", "a pasta do curso ocupa"),
    ("disk_budget", "of its budget of", "do orçamento de"),
    ("disk_free", "free on the disk", "livres no disco"),
    ("disk_floor", "floor", "mínimo"),
    ("waiting_because", "The ladder and the checks wait", "A ladder e as verificações esperam"),
    // page-student (issue 37): refusals in the page, live status, replay files, the history.
    ("back", "back to your page", "voltar à sua página"),
    (
        "already",
        "These exact bytes were already uploaded as version",
        "Estes mesmos bytes já foram enviados como versão",
    ),
    ("input", "its input", "a entrada dele"),
    ("source", "source", "fonte"),
    ("history", "Your history", "Seu histórico"),
    ("no_rating", "no ranked games yet", "nenhuma partida valendo ainda"),
    ("verdict", "Verdict", "Veredito"),
    ("status_error", "Could not do this", "Não foi possível"),
    ("status_not_found", "Not found", "Não encontrado"),
    ("status_forbidden", "Not allowed", "Não permitido"),
    ("status_too_large", "Too large", "Grande demais"),
    ("status_too_many", "Too many at once", "Pedidos demais"),
    ("status_server", "Server trouble", "Problema no servidor"),
    ("status_busy", "Try again later", "Tente mais tarde"),
    // course-admin (issue 37): the admin page's columns, the student's panel, the final, the board.
    ("col_versions", "Versions (passed)", "Versões (aprovadas)"),
    ("latest", "Latest version", "Última versão"),
    ("active_version", "Active version", "Versão ativa"),
    ("open_panel", "link and versions", "link e versões"),
    ("student_link", "Student's link", "Link do aluno"),
    (
        "link_unkept",
        "a link issued before links were kept: it works, but only a new one can be shown",
        "um link emitido antes de os links serem guardados: funciona, mas só um novo pode ser mostrado",
    ),
    (
        "confirm_reissue",
        "The current link stops working at once. Give a new link to",
        "O link atual deixa de funcionar na hora. Dar um novo link a",
    ),
    (
        "confirm_revoke",
        "The student can no longer open their page. Revoke the link of",
        "O aluno não poderá mais abrir a página. Revogar o link de",
    ),
    ("yes_reissue", "Yes, give a new link", "Sim, dar um novo link"),
    ("yes_revoke", "Yes, revoke", "Sim, revogar"),
    ("cancel", "Cancel", "Cancelar"),
    ("close", "Close", "Fechar"),
    ("off", "taken off the ladder", "retirada da ladder"),
    ("take_off", "Take off the ladder", "Retirar da ladder"),
    ("reason", "reason (the student sees it)", "motivo (o aluno vê)"),
    ("final_progress", "games played", "partidas jogadas"),
    ("final_standings", "Standings of the final", "Classificação do torneio final"),
    ("points", "Points", "Pontos"),
    (
        "board_paused",
        "The ladder is paused: no ranked games are played for now.",
        "A ladder está pausada: nenhuma partida valendo é jogada por ora.",
    ),
    (
        "board_final",
        "The ladder is paused while the final tournament runs.",
        "A ladder está pausada enquanto o torneio final roda.",
    ),
    (
        "board_short",
        "The ladder waits: the server is short of disk or files.",
        "A ladder espera: falta disco ou arquivos ao servidor.",
    ),
    // human-web (issue 37, item 8): a game with a human seat in the browser.
    ("human_play", "Play against a bot yourself:", "Jogue você mesmo contra um bot:"),
    ("human_mine", "my active version", "minha versão ativa"),
    ("human_start", "Play", "Jogar"),
    ("human_games", "Your games in the browser", "Suas partidas no navegador"),
    ("human_title", "Your game", "Sua partida"),
    ("human_against", "against", "contra"),
    (
        "human_none",
        "You have no game going: start one from your page.",
        "Você não tem partida em andamento: comece uma na sua página.",
    ),
    ("human_wait", "The bot is playing…", "O bot está jogando…"),
    ("human_your_move", "Your move", "Sua vez"),
    ("human_type", "or type a protocol line (5h = 5♥)", "ou digite uma linha do protocolo (5h = 5♥)"),
    ("human_send", "Send", "Enviar"),
    ("human_resign", "Resign", "Desistir"),
    ("human_log", "What the referee told your seat", "O que o juiz disse ao seu lugar"),
    ("human_over", "The game is over.", "A partida terminou."),
    ("human_won", "You won", "Você venceu"),
    ("human_lost", "You lost", "Você perdeu"),
    // history-db (issue 37): the rating over time, "make active again", the admin's plot.
    ("rating_plot", "Rating of each version over time", "Rating de cada versão ao longo do tempo"),
    (
        "rating_lines",
        "Rating of each of your versions over time: a point after each of its first ranked games, then every few games (hover a point for its date and games)",
        "Rating de cada versão sua ao longo do tempo: um ponto após cada uma das primeiras partidas valendo, depois a cada algumas (passe o mouse num ponto para ver a data e as partidas)",
    ),
    ("make_active", "Make active again", "Tornar ativa de novo"),
    (
        "same_again",
        "If it is not your active version, \"Make active again\" in your history below makes it so.",
        "Se ela não é a sua versão ativa, \"Tornar ativa de novo\" no seu histórico abaixo a torna ativa.",
    ),
    (
        "activated",
        "is your active version again: the ladder plays it from now on.",
        "é de novo a sua versão ativa: a ladder a joga daqui em diante.",
    ),
    ("admin_rating", "Rating over time", "Rating ao longo do tempo"),
];

/// The title of a page telling a failure of `status`, in `lang`.
pub fn status_title(status: axum::http::StatusCode, lang: Lang) -> &'static str {
    use axum::http::StatusCode as S;
    let key = match status {
        S::NOT_FOUND => "status_not_found",
        S::FORBIDDEN => "status_forbidden",
        S::PAYLOAD_TOO_LARGE => "status_too_large",
        S::TOO_MANY_REQUESTS => "status_too_many",
        S::INTERNAL_SERVER_ERROR => "status_server",
        S::SERVICE_UNAVAILABLE => "status_busy",
        _ => "status_error",
    };
    words(lang)[key]
}

/// The words of `lang`, by key, for the templates.
pub fn words(lang: Lang) -> BTreeMap<&'static str, &'static str> {
    WORDS.iter().map(|&(key, en, pt)| (key, if lang == Lang::Pt { pt } else { en })).collect()
}

/// The page language: `?lang=` when it names one, else the first language of `Accept-Language`
/// juiz speaks, else the process's.
pub fn page_lang(query: Option<&str>, accept: Option<&str>) -> Lang {
    if let Some(lang) = query.and_then(Lang::parse) {
        return lang;
    }
    accept
        .into_iter()
        .flat_map(|a| a.split(','))
        .filter_map(|tag| Lang::parse(tag.split(';').next().unwrap_or_default()))
        .next()
        .unwrap_or_else(crate::i18n::lang)
}

/// `pt` or `en`.
pub fn code(lang: Lang) -> &'static str {
    if lang == Lang::Pt { "pt" } else { "en" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_choice() {
        assert_eq!(page_lang(Some("pt"), Some("en-US")), Lang::Pt);
        assert_eq!(page_lang(None, Some("de-DE,pt-BR;q=0.8,en;q=0.5")), Lang::Pt);
        assert_eq!(page_lang(Some("xx"), Some("en-GB")), Lang::En);
        assert_eq!(words(Lang::Pt)["send"], "Enviar");
        assert_eq!(status_title(axum::http::StatusCode::FORBIDDEN, Lang::Pt), "Não permitido");
        assert_eq!(status_title(axum::http::StatusCode::BAD_REQUEST, Lang::En), "Could not do this");
    }

    /// Every word is used: by a template (`t.KEY`), by the server's code (`"KEY"`), or by a key
    /// the code builds (`bar_` + a verdict; `status_title`'s, in this file). A word left behind
    /// by a page that changed fails.
    #[test]
    fn every_word_is_used() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/server");
        let mut text = String::new();
        let mut folders = vec![folder];
        while let Some(dir) = folders.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.file_name().is_some_and(|n| n != "words.rs") {
                    text += &std::fs::read_to_string(&path).unwrap_or_default();
                }
            }
        }
        let built = ["bar_", "status_"];
        let unused: Vec<&str> = WORDS
            .iter()
            .map(|(key, _, _)| *key)
            .filter(|key| !built.iter().any(|prefix| key.starts_with(prefix)))
            .filter(|key| !text.contains(&format!("t.{key}")) && !text.contains(&format!("\"{key}\"")))
            .collect();
        assert!(unused.is_empty(), "words no page or code uses (remove them from words.rs): {unused:?}");
        let keys: std::collections::BTreeSet<_> = WORDS.iter().map(|(key, _, _)| key).collect();
        assert_eq!(keys.len(), WORDS.len(), "a key given twice in words.rs");
    }
}
