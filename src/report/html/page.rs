//! Self-contained HTML pages: text escaped for HTML, JSON made safe inside a `<script>` element,
//! the shared card styles and error trap, and writing a page whole or not at all (a temporary
//! file beside the target, renamed).

use std::io::Write as _;
use std::path::Path;

use serde::Serialize;

/// Styles shared by every page (cards, colours, print).
pub const BASE_CSS: &str = include_str!("base.css");

/// The first script of every page: records uncaught errors and `console.error` calls on the
/// `<html>` element (`data-errors`), so a test reading the DOM sees them.
pub const ERROR_TRAP: &str = "(function(){var h=document.documentElement;function note(m){\
h.setAttribute('data-errors',(h.getAttribute('data-errors')||'')+String(m)+'\\n');}\
window.addEventListener('error',function(e){note(e.message||'error');});\
window.addEventListener('unhandledrejection',function(e){note('rejection: '+e.reason);});\
var ce=console.error;console.error=function(){note(Array.prototype.join.call(arguments,' '));\
ce.apply(console,arguments);};})();";

/// `text` escaped for HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `value` as JSON that may sit inside `<script type="application/json">`: `<`, `>`, `&` and
/// the line separators U+2028/U+2029 written as `\uXXXX` escapes (they only occur in strings,
/// where the escape means the same character), so no text can close the element.
pub fn script_json<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    let mut out = String::with_capacity(json.len() + json.len() / 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// A whole page: `title`, the base styles and `css`, `body` (trusted HTML made by juiz), the
/// data as JSON in `<script id="juiz-data">`, then `script`.
pub fn page(title: &str, css: &str, body: &str, data_json: Option<&str>, script: &str) -> String {
    let data = data_json
        .map(|json| format!("<script type=\"application/json\" id=\"juiz-data\">{json}</script>\n"))
        .unwrap_or_default();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<script>{ERROR_TRAP}</script>\n<style>\n{BASE_CSS}\n{css}\n</style>\n</head>\n\
         <body>\n{body}\n{data}<script>\n{script}\n</script>\n</body>\n</html>\n",
        escape(title)
    )
}

/// Writes `bytes` to `path` whole: into a temporary file in the same folder, then renamed over
/// `path`, so a failure leaves no half-written page.
/// A page that already holds exactly `bytes` is left alone.
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut file = tempfile::Builder::new().prefix(".juiz-page-").suffix(".tmp").tempfile_in(dir)?;
    file.write_all(bytes)?;
    let mut perms = file.as_file().metadata()?.permissions();
    // A page is read like the logs it comes from: owner and group (the temporary file starts at 0600).
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o640);
    file.as_file().set_permissions(perms)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_in_a_script_cannot_close_it() {
        let json = script_json(&vec!["</script><script>alert(1)</script>", "a & b", "\u{2028}"]);
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&') && !json.contains('\u{2028}'));
        let back: Vec<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ["</script><script>alert(1)</script>", "a & b", "\u{2028}"]);
    }

    #[test]
    fn html_escape_covers_markup_and_quotes() {
        assert_eq!(escape(r#"<b a="1">'&'</b>"#), "&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;");
    }

    #[test]
    fn a_page_is_written_whole_and_replaces_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.html");
        std::fs::write(&path, "old").unwrap();
        write_whole(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left");
    }
}
