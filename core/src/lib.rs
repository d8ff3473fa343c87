//! corriere's pure core: the rules engines, the game boundary, the presenters and catalogs,
//! audit and simulation. Pure functions of their inputs: no database, network, clock or runtime.
//!
//! Layers, lowest first; a module imports only modules listed before it (the service
//! crate's `tests/it/layers.rs` reads every `crate::` path and checks it):
//! `engine` → `present` → `kinds` → `audit` → `simulate`.

pub mod audit;
pub mod engine;
pub mod kinds;
pub mod present;
pub mod simulate;

/// The manifest keeps actix, diesel, lettre and tokio out (a compile error); what it cannot
/// forbid is the standard library's clock, files, network and the operating system's
/// randomness, so the product's code is read for those.
#[cfg(test)]
mod purity {
    fn product_files(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                product_files(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path
                    .file_name()
                    .is_some_and(|n| n != "tests.rs" && n != "lib.rs")
            {
                found.push(path);
            }
        }
    }

    #[test]
    fn the_core_reads_no_clock_file_network_or_global_randomness() {
        let mut files = Vec::new();
        product_files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        assert!(files.len() > 50, "the core's sources were found");
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let product = &text[..text.find("#[cfg(test)]").unwrap_or(text.len())];
            for forbidden in [
                "SystemTime",
                "Instant::now",
                "Utc::now",
                "Local::now",
                "std::fs",
                "std::net",
                "std::env",
                "thread_rng",
                "getrandom",
                "OsRng",
            ] {
                assert!(
                    !product.contains(forbidden),
                    "{} uses {forbidden}",
                    path.display()
                );
            }
        }
    }
}
