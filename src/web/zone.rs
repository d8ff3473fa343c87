//! The reader's time zone as a request suggests it: the region of `Accept-Language` (else of
//! the page's language), the zone guessed from it, and the field a page's script fills.

use actix_web::HttpRequest;

/// The name of the hidden field `static/zone.js` fills with the browser's own zone.
pub const BROWSER_ZONE_FIELD: &str = "browser_zone";

/// The reader's region (ISO 3166), from `Accept-Language`, else from `lang`.
pub fn region(request: &HttpRequest, lang: &str) -> Option<&'static str> {
    crate::service::zones::region(super::accept_language(request), lang)
}

/// The zone guessed for this reader while their own is not known.
pub fn guess(request: &HttpRequest, lang: &str) -> Option<chrono_tz::Tz> {
    crate::service::zones::guess(region(request, lang))
}
