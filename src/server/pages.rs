//! The page templates (minijinja, escaping every value by default because their names end in
//! `.html`) and their rendering with the words of the page's language.

use std::sync::OnceLock;

use minijinja::{Environment, Value, context};

use super::words::{code, words};
use crate::i18n::Lang;

const TEMPLATES: [(&str, &str); 6] = [
    ("base.html", include_str!("templates/base.html")),
    ("message.html", include_str!("templates/message.html")),
    ("board.html", include_str!("templates/board.html")),
    ("student.html", include_str!("templates/student.html")),
    ("admin.html", include_str!("templates/admin.html")),
    ("human.html", include_str!("templates/human.html")),
];

fn env() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        for (name, text) in TEMPLATES {
            env.add_template(name, text).expect("the templates parse (see the tests)");
        }
        env
    })
}

/// Renders template `name` with `values`, the language's words (`t`) and its code (`lang`).
pub fn render(name: &str, lang: Lang, title: &str, values: Value) -> String {
    render_at(name, lang, title, "", values)
}

/// `render`, for a page shown at another URL than its own (an answer to a form): `here` is the
/// GET path the language switch goes to.
pub fn render_at(name: &str, lang: Lang, title: &str, here: &str, values: Value) -> String {
    let other = if lang == Lang::Pt { "en" } else { "pt" };
    let ctx =
        context! { t => words(lang), lang => code(lang), other_lang => other, title => title, here => here, ..values };
    env().get_template(name).and_then(|t| t.render(ctx)).unwrap_or_else(|e| format!("template error: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_render_and_escape() {
        let html = render("message.html", Lang::En, "t", context! { message => "<script>x</script>", back => "" });
        assert!(html.contains("&lt;script&gt;x&lt;&#x2f;script&gt;"), "{html}");
        assert!(!html.contains("<script>x"));
        for (name, _) in TEMPLATES {
            assert!(env().get_template(name).is_ok());
        }
    }
}
