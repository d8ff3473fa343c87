//! Embeds the message catalogs: every `locales/<language>/<part>.ftl` file becomes an entry of
//! `CATALOG_FILES`, so a new language is a folder of files, not code.

use std::fmt::Write;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it is compiled: cargo may reuse a compiled script
    // for another checkout that shares the target directory.
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    if let Ok(languages) = std::fs::read_dir(&root) {
        for language in languages.flatten() {
            let path = language.path();
            println!("cargo:rerun-if-changed={}", path.display());
            let Some(lang) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            for file in std::fs::read_dir(&path).into_iter().flatten().flatten() {
                let file = file.path();
                if file.extension().and_then(|e| e.to_str()) == Some("ftl") {
                    println!("cargo:rerun-if-changed={}", file.display());
                    let part = file
                        .file_stem()
                        .and_then(|s| s.to_str())
                        .unwrap_or_default();
                    files.push((lang.clone(), part.to_owned(), file.clone()));
                }
            }
        }
    }
    files.sort();
    let mut out =
        String::from("/// (language, part, text) of every catalog file under `locales/`.\n");
    out.push_str("pub const CATALOG_FILES: &[(&str, &str, &str)] = &[\n");
    for (lang, part, path) in files {
        writeln!(
            out,
            "    ({lang:?}, {part:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalogs.rs");
    std::fs::write(dest, out).unwrap();
}
