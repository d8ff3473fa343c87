//! The site's static files (`static/` at the repository's root), embedded in the binary and
//! served under names that carry a hash of their content (`/static/site.3f2a9c1e.css`), so a
//! browser may keep each one for a year and a new version is a new name. Templates name them
//! through [`path`], which gives the current name.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

/// One embedded file.
pub struct Asset {
    /// Its name in `static/` (`site.css`).
    pub name: &'static str,
    /// Its name as served (`site.3f2a9c1e.css`).
    pub hashed: String,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
}

/// Every file under `static/`: (name, content type, bytes).
const FILES: &[(&str, &str, &[u8])] = &[
    (
        "site.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/site.css"),
    ),
    (
        "site.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/site.js"),
    ),
    (
        "zone.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/zone.js"),
    ),
];

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|&(name, content_type, bytes)| {
            let digest = hex::encode(&Sha256::digest(bytes)[..4]);
            let hashed = match name.rsplit_once('.') {
                Some((stem, ext)) => format!("{stem}.{digest}.{ext}"),
                None => format!("{name}.{digest}"),
            };
            Asset {
                name,
                hashed,
                content_type,
                bytes,
            }
        })
        .collect()
});

/// Every embedded file.
pub fn all() -> &'static [Asset] {
    &ASSETS
}

/// The path a page links to for the file `name` of `static/` (`/static/site.3f2a9c1e.css`).
/// A name that is not there is a bug in a template: it panics in every test that renders it.
pub fn path(name: &str) -> String {
    let asset = ASSETS
        .iter()
        .find(|a| a.name == name)
        .unwrap_or_else(|| panic!("no file static/{name}"));
    format!("/static/{}", asset.hashed)
}

/// `GET /static/{name}`: a file by its hashed name, kept by caches for a year; any other name
/// is the site's 404 page.
pub async fn serve(
    state: web::Data<super::AppState>,
    request: HttpRequest,
    name: web::Path<String>,
) -> HttpResponse {
    match ASSETS.iter().find(|a| a.hashed == *name) {
        Some(asset) => HttpResponse::Ok()
            .content_type(asset.content_type)
            .insert_header((
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ))
            .body(asset.bytes),
        None => super::html::message(
            StatusCode::NOT_FOUND,
            state.words(&request),
            "page-not-found",
        ),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_file_is_served_under_a_name_that_changes_with_its_content() {
        for asset in super::all() {
            assert!(super::path(asset.name).starts_with("/static/"));
            assert_ne!(asset.hashed, asset.name);
            let (stem, ext) = asset.name.rsplit_once('.').unwrap();
            assert!(asset.hashed.starts_with(stem) && asset.hashed.ends_with(ext));
        }
    }
}
