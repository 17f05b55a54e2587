//! What language a bot's source is in, named as students name their files: C by `.c`, C++ by
//! `.cpp`, `.cc`, `.cxx`, `.c++` or `.C`, Python by `.py`, and a file without an extension by
//! its content (a `#!` line, `#include`, `def `/`import `…). The one recogniser of `play`,
//! `check`, tournaments and the server; and the test that names C++ saved as `.c`.

use std::io::Read;
use std::path::Path;

/// The language of a bot's source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    C,
    Cpp,
    Python,
}

impl SourceKind {
    /// The language's name for the compiler's `-x` option (`None` for Python).
    pub(super) fn compiler_language(self) -> Option<&'static str> {
        match self {
            SourceKind::C => Some("c"),
            SourceKind::Cpp => Some("c++"),
            SourceKind::Python => None,
        }
    }

    /// The extension a file of this language is best named with.
    pub fn extension(self) -> &'static str {
        match self {
            SourceKind::C => "c",
            SourceKind::Cpp => "cpp",
            SourceKind::Python => "py",
        }
    }
}

/// Extensions of C++ sources (`.C`, upper case, is C++ as for gcc).
pub const CPP_EXTENSIONS: [&str; 5] = ["cpp", "cc", "cxx", "c++", "C"];

/// The language `path`'s extension names, if it names one.
pub fn kind_by_name(path: &Path) -> Option<SourceKind> {
    let ext = path.extension()?.to_str()?;
    match ext {
        "c" => Some(SourceKind::C),
        "py" => Some(SourceKind::Python),
        e if CPP_EXTENSIONS.contains(&e) => Some(SourceKind::Cpp),
        _ => None,
    }
}

/// What a file without an extension holds, read from its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// A source in this language.
    Source(SourceKind),
    /// A program the kernel runs: an ELF binary or a script with a `#!` line that is not Python.
    Program,
    /// Nothing juiz recognises.
    Unknown,
}

/// The most bytes read to recognise a file.
const HEAD_BYTES: u64 = 16 * 1024;

/// What `path` holds, by its content (for a file named without an extension).
pub fn kind_by_content(path: &Path) -> Content {
    let mut head = Vec::new();
    let Ok(file) = std::fs::File::open(path) else { return Content::Unknown };
    if file.take(HEAD_BYTES).read_to_end(&mut head).is_err() {
        return Content::Unknown;
    }
    recognise(&head)
}

/// What the bytes `head` (the start of a file) are.
pub fn recognise(head: &[u8]) -> Content {
    if head.starts_with(b"\x7fELF") {
        return Content::Program;
    }
    let text = String::from_utf8_lossy(head);
    if let Some(line) = text.strip_prefix("#!") {
        let line = line.lines().next().unwrap_or_default();
        return if line.contains("python") { Content::Source(SourceKind::Python) } else { Content::Program };
    }
    let lines: Vec<&str> = text.lines().map(str::trim_start).collect();
    let c_like = lines.iter().any(|l| {
        l.starts_with("#include")
            || l.starts_with("int main")
            || l.starts_with("#define ")
            || l.starts_with("using namespace")
    });
    if c_like {
        return Content::Source(if looks_like_cpp(head) { SourceKind::Cpp } else { SourceKind::C });
    }
    let python = lines.iter().any(|l| {
        l.starts_with("def ")
            || l.starts_with("import ")
            || (l.starts_with("from ") && l.contains(" import "))
            || l.starts_with("print(")
            || l.starts_with("if __name__")
    });
    if python { Content::Source(SourceKind::Python) } else { Content::Unknown }
}

/// Whether a source holds what only C++ has: a C++ header (`<iostream>`, `<vector>`, `<bits/…>`
/// …), `std::`, `cout`/`cin`, `using namespace`, a class with `public:`, a `template <`.
pub fn looks_like_cpp(source: &[u8]) -> bool {
    const HEADERS: [&str; 14] = [
        "iostream",
        "vector",
        "string",
        "algorithm",
        "map",
        "set",
        "bits/stdc++.h",
        "utility",
        "queue",
        "sstream",
        "cstdio",
        "cstdlib",
        "cstring",
        "unordered_map",
    ];
    let text = String::from_utf8_lossy(source);
    text.lines().map(str::trim).any(|l| {
        let header = l.strip_prefix('#').map(str::trim_start).and_then(|r| r.strip_prefix("include")).map(str::trim);
        if let Some(name) = header.and_then(|h| h.strip_prefix('<')).and_then(|h| h.strip_suffix('>')) {
            return HEADERS.contains(&name);
        }
        l.contains("std::")
            || l.starts_with("using namespace")
            || l.contains("cout <<")
            || l.contains("cout<<")
            || l.contains("cin >>")
            || l.contains("cin>>")
            || l.starts_with("template <")
            || l.starts_with("template<")
            || l.starts_with("public:")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_as_students_name_them() {
        for (name, kind) in [
            ("bot.c", Some(SourceKind::C)),
            ("bot.C", Some(SourceKind::Cpp)),
            ("bot.cpp", Some(SourceKind::Cpp)),
            ("bot.cc", Some(SourceKind::Cpp)),
            ("bot.cxx", Some(SourceKind::Cpp)),
            ("bot.py", Some(SourceKind::Python)),
            ("bot", None),
            ("bot.txt", None),
        ] {
            assert_eq!(kind_by_name(Path::new(name)), kind, "{name}");
        }
    }

    #[test]
    fn a_file_without_extension_is_known_by_its_content() {
        let c = b"#include <stdio.h>\nint main(void) { return 0; }\n";
        assert_eq!(recognise(c), Content::Source(SourceKind::C));
        let cpp = b"#include <iostream>\nint main() { std::cout << 1; }\n";
        assert_eq!(recognise(cpp), Content::Source(SourceKind::Cpp));
        assert_eq!(recognise(b"import sys\nfor line in sys.stdin:\n    pass\n"), Content::Source(SourceKind::Python));
        assert_eq!(recognise(b"#!/usr/bin/env python3\nx = 1\n"), Content::Source(SourceKind::Python));
        assert_eq!(recognise(b"#!/bin/sh\nexec ./a.out\n"), Content::Program);
        assert_eq!(recognise(b"\x7fELF\x02\x01"), Content::Program);
        assert_eq!(recognise(b"hello there\n"), Content::Unknown);
    }

    #[test]
    fn cpp_is_told_from_c() {
        assert!(looks_like_cpp(b"#include <iostream>\n"));
        assert!(looks_like_cpp(b"int main() {\n  std::string s;\n}\n"));
        assert!(looks_like_cpp(b"using namespace std;\n"));
        assert!(!looks_like_cpp(b"#include <stdio.h>\n#include <string.h>\nint main(void) { puts(\"hi\"); }\n"));
    }
}
