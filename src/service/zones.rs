//! People's time zones: whether a person's zone is known, the guess from a browser's language
//! and region until it is, and the zones of a region, offered first in the settings' list.

use std::str::FromStr;

/// What `addresses.time_zone` holds until the person's zone is known (the column's default):
/// their times are printed in UTC, named as such. A person who chooses UTC is stored as
/// `Etc/UTC`, the same zone under its other name, so the choice counts as known.
pub const UNKNOWN: &str = "UTC";

/// The zone a person chose or their browser told, if any.
pub fn known(stored: &str) -> Option<chrono_tz::Tz> {
    (stored != UNKNOWN)
        .then(|| chrono_tz::Tz::from_str(stored).ok())
        .flatten()
}

/// A zone as it is stored: a valid IANA name, `UTC` spelt `Etc/UTC` (see [`UNKNOWN`]).
pub fn to_store(zone: chrono_tz::Tz) -> &'static str {
    match zone.name() {
        UNKNOWN => "Etc/UTC",
        name => name,
    }
}

/// A zone a browser's script reported (`Intl.DateTimeFormat().resolvedOptions().timeZone`),
/// if it is one.
pub fn from_browser(reported: &str) -> Option<chrono_tz::Tz> {
    let reported = reported.trim();
    (!reported.is_empty() && reported.len() <= 64)
        .then(|| chrono_tz::Tz::from_str(reported).ok())
        .flatten()
}

/// Regions (ISO 3166 codes) and their zones, the most populous first: the first is the guess
/// for a reader of that region. A region not here gets no guess (UTC, named).
const REGIONS: &[(&str, &[&str])] = &[
    (
        "BR",
        &[
            "America/Sao_Paulo",
            "America/Bahia",
            "America/Fortaleza",
            "America/Recife",
            "America/Belem",
            "America/Maceio",
            "America/Araguaina",
            "America/Santarem",
            "America/Manaus",
            "America/Cuiaba",
            "America/Campo_Grande",
            "America/Porto_Velho",
            "America/Boa_Vista",
            "America/Rio_Branco",
            "America/Eirunepe",
            "America/Noronha",
        ],
    ),
    (
        "PT",
        &["Europe/Lisbon", "Atlantic/Madeira", "Atlantic/Azores"],
    ),
    ("AO", &["Africa/Luanda"]),
    ("MZ", &["Africa/Maputo"]),
    (
        "US",
        &[
            "America/New_York",
            "America/Chicago",
            "America/Denver",
            "America/Phoenix",
            "America/Los_Angeles",
            "America/Anchorage",
            "Pacific/Honolulu",
        ],
    ),
    (
        "CA",
        &[
            "America/Toronto",
            "America/Vancouver",
            "America/Edmonton",
            "America/Winnipeg",
            "America/Regina",
            "America/Halifax",
            "America/St_Johns",
        ],
    ),
    ("GB", &["Europe/London"]),
    ("IE", &["Europe/Dublin"]),
    (
        "AU",
        &[
            "Australia/Sydney",
            "Australia/Melbourne",
            "Australia/Brisbane",
            "Australia/Perth",
            "Australia/Adelaide",
            "Australia/Hobart",
            "Australia/Darwin",
        ],
    ),
    ("NZ", &["Pacific/Auckland", "Pacific/Chatham"]),
    ("IN", &["Asia/Kolkata"]),
    ("ZA", &["Africa/Johannesburg"]),
    ("DE", &["Europe/Berlin"]),
    ("FR", &["Europe/Paris"]),
    ("IT", &["Europe/Rome"]),
    ("ES", &["Europe/Madrid", "Atlantic/Canary"]),
    ("NL", &["Europe/Amsterdam"]),
    (
        "AR",
        &[
            "America/Argentina/Buenos_Aires",
            "America/Argentina/Cordoba",
            "America/Argentina/Mendoza",
        ],
    ),
    (
        "MX",
        &[
            "America/Mexico_City",
            "America/Monterrey",
            "America/Tijuana",
            "America/Cancun",
        ],
    ),
    ("JP", &["Asia/Tokyo"]),
];

/// The region of a reader: the first region subtag of `Accept-Language` (`pt-BR` → `BR`),
/// else the region of the page's language where there is one (Portuguese here is Brazil's).
pub fn region(accept_language: &str, lang: &str) -> Option<&'static str> {
    let asked = accept_language
        .split(',')
        .filter_map(|item| item.split(';').next())
        .filter_map(|tag| tag.trim().split(['-', '_']).nth(1))
        .find(|sub| sub.len() == 2 && sub.chars().all(|c| c.is_ascii_alphabetic()))
        .map(str::to_ascii_uppercase);
    if let Some(asked) = asked {
        return REGIONS
            .iter()
            .find(|(code, _)| *code == asked)
            .map(|(code, _)| *code);
    }
    (lang == "pt").then_some("BR")
}

/// The zones of `region`, its guess first (none for a region we know no zones of).
pub fn of_region(region: Option<&str>) -> Vec<chrono_tz::Tz> {
    REGIONS
        .iter()
        .find(|(code, _)| Some(*code) == region)
        .map(|(_, zones)| {
            zones
                .iter()
                .filter_map(|z| chrono_tz::Tz::from_str(z).ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The zone guessed for a reader of `region` whose zone is not known yet.
pub fn guess(region: Option<&str>) -> Option<chrono_tz::Tz> {
    of_region(region).first().copied()
}

/// The zone a page's times are printed in: the person's when known, else the guess from the
/// reader's browser, else UTC.
pub fn for_page(stored: Option<&str>, guessed: Option<chrono_tz::Tz>) -> chrono_tz::Tz {
    stored.and_then(known).or(guessed).unwrap_or(chrono_tz::UTC)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_region_comes_from_accept_language_and_else_from_portuguese() {
        assert_eq!(region("pt-BR,pt;q=0.9,en;q=0.8", "pt"), Some("BR"));
        assert_eq!(region("en-US,en;q=0.9", "en"), Some("US"));
        assert_eq!(region("pt-PT", "pt"), Some("PT"));
        assert_eq!(region("pt", "pt"), Some("BR"));
        assert_eq!(region("en", "en"), None);
        assert_eq!(region("", "en"), None);
        assert_eq!(
            guess(region("pt-BR", "pt")),
            Some(chrono_tz::America::Sao_Paulo)
        );
        assert_eq!(guess(region("en", "en")), None);
    }

    #[test]
    fn utc_is_unknown_until_chosen_and_a_chosen_utc_is_known() {
        assert_eq!(known(UNKNOWN), None);
        assert_eq!(known(to_store(chrono_tz::UTC)), Some(chrono_tz::Etc::UTC));
        assert_eq!(
            known("America/Sao_Paulo"),
            Some(chrono_tz::America::Sao_Paulo)
        );
        assert_eq!(known("Mars/Olympus"), None);
        assert_eq!(
            for_page(Some(UNKNOWN), Some(chrono_tz::America::Sao_Paulo)),
            chrono_tz::America::Sao_Paulo
        );
        assert_eq!(
            for_page(Some("Europe/Lisbon"), Some(chrono_tz::America::Sao_Paulo)),
            chrono_tz::Europe::Lisbon
        );
        assert_eq!(
            from_browser(" America/Manaus "),
            Some(chrono_tz::America::Manaus)
        );
        assert_eq!(from_browser("nowhere"), None);
    }

    #[test]
    fn every_zone_of_every_region_is_a_zone() {
        for (code, zones) in REGIONS {
            assert_eq!(of_region(Some(code)).len(), zones.len(), "{code}");
        }
    }
}
