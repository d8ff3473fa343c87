//! The board as data for the SVG map template: where each region sits (roughly like Italy),
//! the borders as links, owners' colours, the Pope, the Condottiere token and the contested region.

use crate::engine::condottiere::{Region, View, BORDERS};

/// Seat colours, seat 1 first: the six marker colours of the box.
pub const SEAT_COLOURS: [&str; 6] = [
    "#c0392b", "#2471a3", "#1e8449", "#d4ac0d", "#7d3c98", "#ca6f1e",
];
pub const SEAT_COLOUR_NAMES: [&str; 6] = ["red", "blue", "green", "yellow", "purple", "orange"];

/// Where each region's city stands in the 400 × 520 drawing, by region id.
const PLACES: [(u16, u16); 17] = [
    (48, 92),   // Torino
    (128, 62),  // Milano
    (86, 158),  // Genova
    (282, 52),  // Venezia
    (206, 88),  // Mantova
    (262, 124), // Ferrara
    (150, 128), // Parma
    (208, 156), // Modena
    (262, 188), // Bologna
    (160, 208), // Lucca
    (218, 248), // Firenze
    (196, 318), // Siena
    (302, 250), // Urbino
    (356, 284), // Ancona
    (296, 332), // Spoleto
    (250, 394), // Roma
    (336, 462), // Napoli
];

pub struct MapRegion {
    pub name: &'static str,
    pub x: u16,
    pub y: u16,
    pub fill: &'static str,
    pub owner: String,
    pub pope: bool,
    pub contested: bool,
}

pub struct MapBorder {
    pub x1: u16,
    pub y1: u16,
    pub x2: u16,
    pub y2: u16,
}

pub struct LegendEntry {
    pub colour: &'static str,
    pub label: String,
}

pub struct Board {
    pub regions: Vec<MapRegion>,
    pub borders: Vec<MapBorder>,
    pub legend: Vec<LegendEntry>,
}

fn place(region: Region) -> (u16, u16) {
    PLACES[region.index()]
}

/// The board of a view, with player names for the legend.
pub fn board(view: &View, names: &[String]) -> Board {
    let regions = Region::all()
        .map(|region| {
            let (x, y) = place(region);
            let owner = view
                .seats
                .iter()
                .find(|s| s.regions.contains(&region))
                .map(|s| s.seat);
            MapRegion {
                name: region.name(),
                x,
                y,
                fill: owner.map_or("#f4ecd8", |s| SEAT_COLOURS[s.index()]),
                owner: owner.map_or_else(
                    || "nobody".to_string(),
                    |s| {
                        names
                            .get(s.index())
                            .cloned()
                            .unwrap_or_else(|| s.to_string())
                    },
                ),
                pope: view.pope == Some(region),
                contested: view.contested == Some(region),
            }
        })
        .collect();
    let borders = BORDERS
        .iter()
        .map(|&(a, b)| {
            let (x1, y1) = PLACES[(a - 1) as usize];
            let (x2, y2) = PLACES[(b - 1) as usize];
            MapBorder { x1, y1, x2, y2 }
        })
        .collect();
    let legend = view
        .seats
        .iter()
        .map(|s| LegendEntry {
            colour: SEAT_COLOURS[s.seat.index()],
            label: format!(
                "{} ({}): {} region{}",
                names
                    .get(s.seat.index())
                    .cloned()
                    .unwrap_or_else(|| s.seat.to_string()),
                SEAT_COLOUR_NAMES[s.seat.index()],
                s.regions.len(),
                if s.regions.len() == 1 { "" } else { "s" }
            ),
        })
        .collect();
    Board {
        regions,
        borders,
        legend,
    }
}
