//! The Condottieri map as a picture: the 73 areas drawn as shapes from committed geometry, the
//! units, control, sieges, rebellions and markers on them, and its text alternative.

#[path = "geometry.rs"]
pub mod geometry;

use crate::engine::condottieri::map::Kind;
use crate::engine::condottieri::rules::View;
use crate::engine::condottieri::{Area, Power, Season, Unit, UnitKind};
use crate::present::{escape, Ctx, Html};
use geometry::{HEIGHT, OFF_BOARD, SHAPES, STRAITS, WIDTH};
use std::fmt::Write;

/// The band under the map that holds the legend: three rows of four (SVG units).
const LEGEND: u16 = 106;

const LAND: &str = "#f4ecd8";
/// The sea: light blue with waves, so a blue power's land never reads as water.
const SEA: &str = "#d3e6f5";
const OFF: &str = "#e2e2e2";
const DISABLED: &str = "#c4c4c4";
const LINE: &str = "#6b6257";
const INK: &str = "#1d1d1d";
/// An autonomous garrison: grey, written "AG" (its own abbreviation), never a power's colour.
const AUTONOMOUS: (&str, &str) = ("#9a9a9a", "#1d1d1d");

/// The board as an inline SVG that fits a 390 px phone (its width follows the page).
pub fn board_svg(view: &View, cx: &Ctx) -> Html {
    Html(svg(view, cx, false))
}

/// The same picture as a standalone SVG file at its full size (1000 units wide), to open and
/// zoom on its own.
pub fn standalone_svg(view: &View, cx: &Ctx) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
        svg(view, cx, true)
    )
}

/// The text alternative of the board: every area with units or markers (control, rebellion,
/// famine, storm, out of play), in code order, its contents in words.
pub fn units_by_area(view: &View, cx: &Ctx) -> Html {
    let w = &cx.words;
    let mut out = String::new();
    let mut lines = 0;
    for area in Area::all() {
        let contents = contents(view, cx, area);
        if contents.is_empty() {
            continue;
        }
        if lines == 0 {
            let _ = write!(
                out,
                "<ul class=\"condottieri-units\" aria-label=\"{}\">",
                escape(&w.get("condottieri-map-list-title"))
            );
        }
        lines += 1;
        let line = w.three(
            "condottieri-map-list-line",
            ("code", area.code()),
            ("name", area_name(cx, area)),
            ("contents", contents.join("; ")),
        );
        let _ = write!(out, "<li>{}</li>", escape(&line));
    }
    if lines == 0 {
        let _ = write!(
            out,
            "<p class=\"condottieri-units\">{}</p>",
            escape(&w.get("condottieri-map-list-empty"))
        );
    } else {
        out.push_str("</ul>");
    }
    Html(out)
}

/// A power's colour on the map and the pages: twelve hues apart in hue or lightness, each
/// with a light tint for the areas it controls. Units also carry the power's two letters.
///
/// | power | colour |
/// |---|---|
/// | Austria | gold `#e6ab02` |
/// | Florence | red `#e31a1c` |
/// | France | blue `#1f78b4` |
/// | Genoa | orange `#ff7f00` |
/// | Holy Roman Empire | charcoal `#3b3b3b` |
/// | Milan | green `#33a02c` |
/// | Naples | teal `#66c2a5` |
/// | Papacy | purple `#6a3d9a` |
/// | Savoy | brown `#b15928` |
/// | Spanish Empire | pink `#fb9a99` |
/// | Turks | cyan `#17becf` |
/// | Venice | magenta `#c51b7d` |
pub fn power_colour(power: Power) -> &'static str {
    paint(power).0
}

/// A power's colour and the ink that reads on it.
fn paint(power: Power) -> (&'static str, &'static str) {
    match power {
        Power::Austria => ("#e6ab02", INK),
        Power::Florence => ("#e31a1c", "#ffffff"),
        Power::France => ("#1f78b4", "#ffffff"),
        Power::Genoa => ("#ff7f00", INK),
        Power::Hre => ("#3b3b3b", "#ffffff"),
        Power::Milan => ("#33a02c", "#ffffff"),
        Power::Naples => ("#66c2a5", INK),
        Power::Papacy => ("#6a3d9a", "#ffffff"),
        Power::Savoy => ("#b15928", "#ffffff"),
        Power::Spain => ("#fb9a99", INK),
        Power::Turks => ("#17becf", INK),
        Power::Venice => ("#c51b7d", "#ffffff"),
    }
}

/// A colour mixed two parts to five with white: the fill of an area a power controls.
fn tint(hex: &str) -> String {
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
    let mix = |c: u8| (u16::from(c) * 2 + 255 * 3) / 5;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(channel(1)),
        mix(channel(3)),
        mix(channel(5))
    )
}

fn area_name(cx: &Ctx, area: Area) -> String {
    cx.words.get(&format!(
        "condottieri-map-area-{}",
        area.code().to_lowercase()
    ))
}

fn power_name(cx: &Ctx, power: Power) -> String {
    cx.words
        .get(&format!("condottieri-map-power-{}", power.slug()))
}

/// A message naming a power: its name, and its slug for the article the name takes.
fn power_words(cx: &Ctx, id: &str, power: Power) -> String {
    cx.words
        .two(id, ("power", power_name(cx, power)), ("slug", power.slug()))
}

/// A unit in words: "Milan's army", with its siege counter when it besieges.
fn unit_words(cx: &Ctx, unit: &Unit) -> String {
    let w = &cx.words;
    let plain = match unit.owner {
        None => w.get("condottieri-map-autonomous-garrison"),
        Some(power) => {
            let id = match unit.kind {
                UnitKind::Army => "condottieri-map-army",
                UnitKind::Fleet => "condottieri-map-fleet",
                UnitKind::Garrison => "condottieri-map-garrison",
            };
            power_words(cx, id, power)
        }
    };
    if unit.siege > 0 {
        w.two(
            "condottieri-map-besieging",
            ("unit", plain),
            ("count", u32::from(unit.siege)),
        )
    } else {
        plain
    }
}

fn retreating_words(cx: &Ctx, unit: &Unit) -> String {
    cx.words
        .one("condottieri-map-retreating", "unit", unit_words(cx, unit))
}

/// What an area holds, in words: control, units (field, then garrison, then dislodged),
/// rebellion, famine, storm, out of play. Empty when nothing is there.
fn contents(view: &View, cx: &Ctx, area: Area) -> Vec<String> {
    let p = &view.position;
    let mut out = Vec::new();
    if let Some(power) = p.control.get(&area) {
        out.push(power_words(cx, "condottieri-map-controlled", *power));
    }
    for unit in p.units.iter().filter(|u| u.area == area) {
        out.push(unit_words(cx, unit));
    }
    for r in view.retreating.iter().filter(|r| r.unit.area == area) {
        out.push(retreating_words(cx, &r.unit));
    }
    out.extend(markers(view, cx, area).into_iter().map(|(_, words)| words));
    out
}

/// The markers on an area, each with its words.
fn markers(view: &View, cx: &Ctx, area: Area) -> Vec<(Marker, String)> {
    let p = &view.position;
    let mut out = Vec::new();
    if let Some(r) = p.rebellions.get(&area) {
        let id = if r.garrisoned {
            "condottieri-map-rebellion-garrisoned"
        } else {
            "condottieri-map-rebellion"
        };
        out.push((Marker::Rebellion, power_words(cx, id, r.against)));
    }
    if p.famine.contains(&area) {
        out.push((Marker::Famine, cx.words.get("condottieri-map-famine")));
    }
    if p.storms.contains(&area) {
        out.push((Marker::Storm, cx.words.get("condottieri-map-storm")));
    }
    if p.disabled.contains(&area) {
        out.push((Marker::Disabled, cx.words.get("condottieri-map-disabled")));
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Marker {
    Rebellion,
    Famine,
    Storm,
    Disabled,
}

/// The area's title: name, code, what it is, who controls it, its markers.
fn area_title(view: &View, cx: &Ctx, area: Area) -> String {
    let w = &cx.words;
    let info = area.info();
    let mut details = vec![w.get(match info.kind {
        Kind::Land => "condottieri-map-land",
        Kind::Sea => "condottieri-map-sea",
        Kind::Venice => "condottieri-map-venice",
    })];
    if info.fort {
        details.push(w.get("condottieri-map-fortress"));
    } else if info.city {
        details.push(w.get("condottieri-map-city"));
    }
    if info.port {
        details.push(w.get("condottieri-map-port"));
    }
    if area.is_land() {
        details.push(match view.position.control.get(&area) {
            Some(power) => power_words(cx, "condottieri-map-controlled", *power),
            None => w.get("condottieri-map-uncontrolled"),
        });
    }
    details.extend(markers(view, cx, area).into_iter().map(|(_, words)| words));
    w.three(
        "condottieri-map-area-title",
        ("name", area_name(cx, area)),
        ("code", area.code()),
        ("details", details.join("; ")),
    )
}

fn season_words(cx: &Ctx, season: Season) -> String {
    cx.words.get(match season {
        Season::Spring => "condottieri-map-season-spring",
        Season::Summer => "condottieri-map-season-summer",
        Season::Autumn => "condottieri-map-season-autumn",
    })
}

fn svg(view: &View, cx: &Ctx, standalone: bool) -> String {
    let w = &cx.words;
    let p = &view.position;
    let height = HEIGHT + LEGEND;
    let mut out = String::with_capacity(64 * 1024);
    let size = if standalone {
        format!("width=\"{WIDTH}\" height=\"{height}\"")
    } else {
        // The page's style sheet sizes it (`.condottieri-scroll > svg.condottieri-map`: wide
        // enough that area codes read at 11 px, in a box that scrolls on a phone); the
        // content security policy allows no inline style.
        String::new()
    };
    let title = w.two(
        "condottieri-map-title",
        ("season", season_words(cx, p.season)),
        ("year", u32::from(p.year)),
    );
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"condottieri-map\" \
         viewBox=\"0 0 {WIDTH} {height}\" {size} role=\"img\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\"><title>{}</title>\
         <defs><pattern id=\"cdtmap-hatch\" width=\"8\" height=\"8\" \
         patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">\
         <rect width=\"8\" height=\"8\" fill=\"{DISABLED}\"/>\
         <path d=\"M0 0v8\" stroke=\"#8a8a8a\" stroke-width=\"3\"/></pattern>\
         <pattern id=\"cdtmap-sea\" width=\"24\" height=\"12\" patternUnits=\"userSpaceOnUse\">\
         <rect width=\"24\" height=\"12\" fill=\"{SEA}\"/><path d=\"M0 8q6-4 12 0t12 0\" \
         fill=\"none\" stroke=\"#a9c8e3\" stroke-width=\"1\"/></pattern></defs>\
         <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>\
         <path d=\"{OFF_BOARD}\" fill=\"{OFF}\" stroke=\"#b5b5b5\" stroke-width=\"0.8\"/>",
        escape(&title)
    );
    // Areas: the shapes, filled by kind, control, or hatched when out of play.
    for (shape, area) in SHAPES.iter().zip(Area::all()) {
        let fill = if p.disabled.contains(&area) {
            "url(#cdtmap-hatch)".to_owned()
        } else if area.is_sea() {
            "url(#cdtmap-sea)".to_owned()
        } else if let Some(power) = p.control.get(&area) {
            tint(power_colour(*power))
        } else {
            LAND.to_owned()
        };
        let _ = write!(
            out,
            "<path d=\"{}\" fill=\"{fill}\" fill-rule=\"evenodd\" stroke=\"{LINE}\" \
             stroke-width=\"1\" stroke-linejoin=\"round\"><title>{}</title></path>",
            shape.path,
            escape(&area_title(view, cx, area))
        );
    }
    for strait in &STRAITS {
        let words = w.two(
            "condottieri-map-strait",
            ("first", area_name(cx, area_of(strait.first))),
            ("second", area_name(cx, area_of(strait.second))),
        );
        let _ = write!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{LINE}\" stroke-width=\"3\" \
             stroke-dasharray=\"4 3\"><title>{}</title></line>",
            strait.from.0,
            strait.from.1,
            strait.to.0,
            strait.to.1,
            escape(&words)
        );
    }
    // Labels, city marks, units and markers, each area's together.
    for (shape, area) in SHAPES.iter().zip(Area::all()) {
        draw_area(&mut out, view, cx, area, shape.label);
    }
    legend(&mut out, cx, HEIGHT);
    out.push_str("</svg>");
    out
}

/// A mark's or marker's title: the area's name and what the mark says.
fn mark_title(cx: &Ctx, name: &str, what: String) -> String {
    cx.words
        .two("condottieri-map-mark-title", ("name", name), ("what", what))
}

fn area_of(code: &str) -> Area {
    Area::from_code(code).expect("the geometry names the engine's areas")
}

/// Where things gather around an area's label point: the code in the middle, the city marks
/// above it, the units in a row below it, and the markers to the right of the code.
fn draw_area(out: &mut String, view: &View, cx: &Ctx, area: Area, (x, y): (u16, u16)) {
    let (x, y) = (f32::from(x), f32::from(y));
    let info = area.info();
    let p = &view.position;
    let name = area_name(cx, area);
    let _ = write!(
        out,
        "<text x=\"{x}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" \
         fill=\"{INK}\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\" \
         stroke-linejoin=\"round\"><title>{}</title>{}</text>",
        y + 4.0,
        escape(&area_title(view, cx, area)),
        escape(area.code())
    );
    let mut marks = Vec::new();
    if info.fort {
        marks.push((tower(0.0, 0.0, 5.0), "condottieri-map-fortress"));
    } else if info.city {
        marks.push((dot(0.0, 0.0, 3.2), "condottieri-map-city"));
    }
    if info.port {
        marks.push((anchor(0.0, 0.0, 5.0), "condottieri-map-port"));
    }
    let step = 13.0;
    let first = x - step * (marks.len() as f32 - 1.0) / 2.0;
    for (i, (mark, id)) in marks.into_iter().enumerate() {
        let _ = write!(
            out,
            "<g transform=\"translate({} {})\">{mark}<title>{}</title></g>",
            first + step * i as f32,
            y - 13.0,
            escape(&mark_title(cx, &name, cx.words.get(id)))
        );
    }
    // One row of units under the code: the field unit, the garrison, then dislodged units.
    let mut row: Vec<(&Unit, bool)> = p.field(area).into_iter().map(|u| (u, false)).collect();
    row.extend(p.garrison(area).map(|u| (u, false)));
    row.extend(
        view.retreating
            .iter()
            .filter(|r| r.unit.area == area)
            .map(|r| (&r.unit, true)),
    );
    let first = x - 11.0 * (row.len() as f32 - 1.0);
    for (i, (unit, retreating)) in row.into_iter().enumerate() {
        draw_unit(
            out,
            cx,
            unit,
            area,
            first + 22.0 * i as f32,
            y + 19.0,
            retreating,
        );
    }
    let half = 4.0 * area.code().len() as f32;
    for (i, (marker, words)) in markers(view, cx, area)
        .into_iter()
        .filter(|(m, _)| *m != Marker::Disabled)
        .enumerate()
    {
        let mx = x + half + 9.0 + 15.0 * i as f32;
        let shape = match marker {
            Marker::Rebellion => star(0.0, 0.0, 7.0),
            Marker::Famine => famine(0.0, 0.0, 6.0),
            Marker::Storm | Marker::Disabled => storm(0.0, 0.0, 7.0),
        };
        let _ = write!(
            out,
            "<g transform=\"translate({mx} {})\">{shape}<title>{}</title></g>",
            y,
            escape(&mark_title(cx, &name, words))
        );
    }
}

fn draw_unit(
    out: &mut String,
    cx: &Ctx,
    unit: &Unit,
    area: Area,
    x: f32,
    y: f32,
    retreating: bool,
) {
    let (fill, ink) = unit.owner.map_or(AUTONOMOUS, paint);
    let letters = cx.words.get(&match unit.owner {
        Some(power) => format!("condottieri-map-abbr-{}", power.slug()),
        None => "condottieri-map-abbr-autonomous".to_owned(),
    });
    let words = if retreating {
        retreating_words(cx, unit)
    } else {
        unit_words(cx, unit)
    };
    let title = cx.words.three(
        "condottieri-map-unit-title",
        ("unit", words),
        ("name", area_name(cx, area)),
        ("code", area.code()),
    );
    let _ = write!(
        out,
        "<g class=\"unit\" transform=\"translate({x} {y})\"><title>{}</title>",
        escape(&title)
    );
    if retreating {
        out.push_str(
            "<circle r=\"13\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" \
             stroke-dasharray=\"3 2\"/>",
        );
    }
    let _ = write!(
        out,
        "<path d=\"{}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>\
         <text y=\"3\" font-size=\"8.5\" font-weight=\"bold\" text-anchor=\"middle\" \
         fill=\"{ink}\">{}</text>",
        unit_shape(unit.kind),
        escape(&letters)
    );
    if unit.siege > 0 {
        let _ = write!(
            out,
            "<circle cx=\"9\" cy=\"-9\" r=\"5.5\" fill=\"#ffffff\" stroke=\"{INK}\" \
             stroke-width=\"1.2\"/><text x=\"9\" y=\"-6\" font-size=\"8\" \
             font-weight=\"bold\" text-anchor=\"middle\" fill=\"{INK}\">{}</text>",
            unit.siege
        );
    }
    out.push_str("</g>");
}

/// Each unit type its own outline, centred on the origin: an army a round shield, a fleet a
/// hull, a garrison a tower with battlements.
fn unit_shape(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Army => "M-9 0a9 9 0 1 0 18 0a9 9 0 1 0-18 0z",
        UnitKind::Fleet => "M-12-6h24l-6 12h-12z",
        UnitKind::Garrison => "M-8 9v-15h3v-3h3v3h4v-3h3v3h3v15z",
    }
}

fn dot(x: f32, y: f32, r: f32) -> String {
    format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{INK}\"/>")
}

/// A small tower: a fortified city.
fn tower(x: f32, y: f32, s: f32) -> String {
    format!(
        "<path d=\"M{} {}v{}h{}v{}h{}v{}h{}v{}h{}v{}h{}v{}z\" fill=\"{INK}\"/>",
        x - s,
        y + s,
        -1.6 * s,
        0.6 * s,
        -0.4 * s,
        0.5 * s,
        0.4 * s,
        0.3 * s,
        -0.4 * s,
        0.5 * s,
        0.4 * s,
        0.6 * s,
        1.6 * s
    )
}

/// An anchor: a port.
fn anchor(x: f32, y: f32, s: f32) -> String {
    format!(
        "<path d=\"M{x} {}v{}M{} {}h{}M{} {}q{} {} {} 0\" fill=\"none\" stroke=\"{INK}\" \
         stroke-width=\"1.6\" stroke-linecap=\"round\"/><circle cx=\"{x}\" cy=\"{}\" r=\"{}\" \
         fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.2\"/>",
        y - s * 0.6,
        s * 1.6,
        x - s * 0.5,
        y - s * 0.2,
        s,
        x - s,
        y + s * 0.4,
        s,
        s * 0.9,
        2.0 * s,
        y - s * 0.85,
        s * 0.3
    )
}

/// A five-pointed star: a rebellion.
fn star(x: f32, y: f32, r: f32) -> String {
    let mut d = String::new();
    for i in 0..10 {
        let radius = if i % 2 == 0 { r } else { r * 0.45 };
        let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
        let _ = write!(
            d,
            "{}{:.1} {:.1}",
            if i == 0 { "M" } else { "L" },
            x + radius * angle.cos(),
            y + radius * angle.sin()
        );
    }
    format!("<path d=\"{d}z\" fill=\"#b03a2e\" stroke=\"{INK}\" stroke-width=\"1\"/>")
}

/// An empty bowl: famine.
fn famine(x: f32, y: f32, r: f32) -> String {
    format!(
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"#8d6e63\" stroke=\"{INK}\" \
         stroke-width=\"1\"/><path d=\"M{} {y}h{}\" stroke=\"#ffffff\" stroke-width=\"2\"/>",
        x - r * 0.6,
        r * 1.2
    )
}

/// A lightning bolt: a storm.
fn storm(x: f32, y: f32, s: f32) -> String {
    format!(
        "<path d=\"M{} {}l{} {}h{}l{} {}l{} {}h{}z\" fill=\"#f4d03f\" stroke=\"{INK}\" \
         stroke-width=\"1\"/>",
        x + 0.2 * s,
        y - s,
        -0.8 * s,
        1.1 * s,
        0.6 * s,
        -0.4 * s,
        0.9 * s,
        1.0 * s,
        -1.2 * s,
        -0.6 * s
    )
}

/// The legend under the map: each unit shape, mark and marker with its word.
fn legend(out: &mut String, cx: &Ctx, top: u16) {
    let top = f32::from(top);
    let _ = write!(
        out,
        "<rect y=\"{top}\" width=\"{WIDTH}\" height=\"{LEGEND}\" fill=\"#ffffff\"/>"
    );
    let unit = |kind: UnitKind| {
        format!(
            "<path d=\"{}\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>",
            unit_shape(kind),
            AUTONOMOUS.0
        )
    };
    let siege = format!(
        "<circle r=\"6\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.2\"/>\
         <text y=\"3\" font-size=\"8\" font-weight=\"bold\" text-anchor=\"middle\" \
         fill=\"{INK}\">1</text>"
    );
    let retreat = "<circle r=\"9\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" \
                   stroke-dasharray=\"3 2\"/>"
        .to_owned();
    let items = [
        (unit(UnitKind::Army), "condottieri-map-legend-army"),
        (unit(UnitKind::Fleet), "condottieri-map-legend-fleet"),
        (unit(UnitKind::Garrison), "condottieri-map-legend-garrison"),
        (dot(0.0, 0.0, 3.2), "condottieri-map-legend-city"),
        (tower(0.0, 0.0, 5.0), "condottieri-map-legend-fortress"),
        (anchor(0.0, 0.0, 5.0), "condottieri-map-legend-port"),
        (siege, "condottieri-map-legend-siege"),
        (retreat, "condottieri-map-legend-retreating"),
        (star(0.0, 0.0, 7.0), "condottieri-map-legend-rebellion"),
        (famine(0.0, 0.0, 6.0), "condottieri-map-legend-famine"),
        (storm(0.0, 0.0, 7.0), "condottieri-map-legend-storm"),
    ];
    for (i, (shape, id)) in items.iter().enumerate() {
        let (col, row) = (i % 4, i / 4);
        let x = 22.0 + 250.0 * col as f32;
        let y = top + 22.0 + 32.0 * row as f32;
        let _ = write!(
            out,
            "<g transform=\"translate({x} {y})\">{shape}</g><text x=\"{}\" y=\"{}\" \
             font-size=\"15\" fill=\"{INK}\">{}</text>",
            x + 18.0,
            y + 5.0,
            escape(&cx.words.get(id))
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::condottieri::map::borders;
    use crate::engine::condottieri::rules::{Condottieri, Options};
    use crate::engine::condottieri::{Rebellion, Retreating};
    use crate::engine::{Rules, Seed, Viewer};
    use crate::present::{Catalogs, SeatNames};
    use std::collections::{BTreeMap, BTreeSet};

    /// The Balance of Power (1454) as a spectator sees it at the start.
    fn balance_of_power() -> View {
        let mut events = Vec::new();
        let game = Condottieri::setup(1, &Options::default(), 8, Seed::from_u64(1), &mut events)
            .expect("the default game sets up");
        game.view(Viewer::Spectator)
    }

    fn with_words<T>(catalogs: &Catalogs, lang: &str, f: impl FnOnce(&Ctx) -> T) -> T {
        let names = SeatNames::default();
        let cx = Ctx::new(catalogs.words(lang), &names, Viewer::Spectator);
        f(&cx)
    }

    fn area(code: &str) -> Area {
        Area::from_code(code).unwrap()
    }

    #[test]
    fn the_geometry_has_one_shape_per_area_in_code_order() {
        let codes: Vec<&str> = SHAPES.iter().map(|s| s.code).collect();
        let engine: Vec<&str> = Area::all().map(|a| a.code()).collect();
        assert_eq!(codes, engine);
        let size: usize = SHAPES.iter().map(|s| s.path.len()).sum::<usize>() + OFF_BOARD.len();
        assert!(
            size < 40_000,
            "the committed outlines stay small ({size} bytes)"
        );
        for s in &SHAPES {
            assert!(
                s.label.0 < WIDTH && s.label.1 < HEIGHT,
                "{} label inside",
                s.code
            );
        }
    }

    #[test]
    fn the_picture_draws_73_areas_and_every_unit_of_the_balance_of_power() {
        let view = balance_of_power();
        assert!(!view.position.units.is_empty());
        let catalogs = Catalogs::build(&[]).unwrap();
        for lang in ["en", "pt"] {
            with_words(&catalogs, lang, |cx| {
                let svg = board_svg(&view, cx).0;
                assert!(svg.starts_with("<svg "), "{lang}");
                assert!(svg.contains("viewBox=\"0 0 1000 "), "{lang}");
                // Sized by the style sheet: no inline style (the policy would drop it).
                assert!(!svg.contains("style="), "{lang}");
                assert_eq!(svg.matches("fill-rule=\"evenodd\"").count(), 73, "{lang}");
                for a in Area::all() {
                    let title = escape(&area_title(&view, cx, a));
                    assert!(svg.contains(&format!("<title>{title}</title>")), "{a}");
                    assert!(svg.contains(&format!(">{}</text>", a.code())), "{a} label");
                }
                assert_eq!(
                    svg.matches("<g class=\"unit\"").count(),
                    view.position.units.len(),
                    "{lang}"
                );
                for u in &view.position.units {
                    let title = cx.words.three(
                        "condottieri-map-unit-title",
                        ("unit", unit_words(cx, u)),
                        ("name", area_name(cx, u.area)),
                        ("code", u.area.code()),
                    );
                    assert!(
                        svg.contains(&format!("<title>{}</title>", escape(&title))),
                        "{lang}: {title}"
                    );
                }
                let standalone = standalone_svg(&view, cx);
                assert!(standalone.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
                assert!(standalone.contains("width=\"1000\""));
            });
        }
    }

    #[test]
    fn the_units_list_names_every_unit_and_controlled_area_in_code_order() {
        let view = balance_of_power();
        let catalogs = Catalogs::build(&[]).unwrap();
        with_words(&catalogs, "en", |cx| {
            let list = units_by_area(&view, cx).0;
            assert!(list.starts_with("<ul class=\"condottieri-units\""));
            let lines: Vec<&str> = list.split("<li>").skip(1).collect();
            let areas: BTreeSet<Area> = view
                .position
                .units
                .iter()
                .map(|u| u.area)
                .chain(view.position.control.keys().copied())
                .collect();
            assert_eq!(lines.len(), areas.len());
            let codes: Vec<&str> = lines.iter().map(|l| l.split(' ').next().unwrap()).collect();
            let expected: Vec<&str> = areas.iter().map(|a| a.code()).collect();
            assert_eq!(codes, expected, "code order");
            for u in &view.position.units {
                let line = lines
                    .iter()
                    .find(|l| l.starts_with(&format!("{} ", u.area.code())))
                    .unwrap();
                assert!(line.contains(&escape(&unit_words(cx, u))), "{line}");
            }
            let mil = lines.iter().find(|l| l.starts_with("MIL ")).unwrap();
            assert!(mil.starts_with("MIL Milan: "), "{mil}");
        });
        with_words(&catalogs, "pt", |cx| {
            let list = units_by_area(&view, cx).0;
            assert!(list.contains("<li>MIL Milão: "), "{list}");
        });
    }

    #[test]
    fn sieges_dislodged_units_rebellions_famine_storms_and_disabled_areas_are_shown() {
        let mut view = balance_of_power();
        let catalogs = Catalogs::build(&[]).unwrap();
        let field = view
            .position
            .units
            .iter()
            .position(|u| u.kind == UnitKind::Army && u.owner.is_some())
            .unwrap();
        view.position.units[field].siege = 1;
        let besieger = view.position.units[field].clone();
        let owner = besieger.owner.unwrap();
        let mut dislodged = besieger.clone();
        dislodged.id = 999;
        dislodged.siege = 0;
        dislodged.area = area("BOS");
        view.retreating.push(Retreating {
            unit: dislodged.clone(),
            origin: area("CRO"),
            from_city: false,
            fields: vec![area("HER")],
            city: false,
        });
        view.position.rebellions.insert(
            area("SIE"),
            Rebellion {
                against: owner,
                garrisoned: false,
            },
        );
        view.position.famine.push(area("PER"));
        view.position.storms.push(area("TS"));
        view.position.disabled.push(area("TUN"));
        with_words(&catalogs, "en", |cx| {
            let svg = board_svg(&view, cx).0;
            assert!(svg.contains("besieging the city (siege counter 1)"));
            assert!(svg
                .contains("font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1d1d1d\">1</text>"));
            assert!(svg.contains("dislodged, must retreat in Bosnia (BOS)"));
            assert!(svg.contains("stroke-dasharray=\"3 2\"/><path"));
            let power = power_name(cx, owner);
            assert!(svg.contains(&escape(&format!("Siena: rebellion against {power}"))));
            assert!(svg.contains("<title>Perugia: famine</title>"));
            assert!(svg.contains("<title>Tyrrhenian Sea: storm</title>"));
            assert!(svg.contains("url(#cdtmap-hatch)"));
            let tunis = area_title(&view, cx, area("TUN"));
            assert!(tunis.starts_with("Tunis (TUN): land; fortified city; port; "));
            assert!(tunis.ends_with("; out of play in this scenario"), "{tunis}");
            assert!(svg.contains(&escape(&tunis)));
            let list = units_by_area(&view, cx).0;
            let line = |code: &str| {
                list.split("<li>")
                    .find(|l| l.starts_with(&format!("{code} ")))
                    .unwrap_or_else(|| panic!("a line for {code} in {list}"))
                    .to_owned()
            };
            let retreat = escape(&retreating_words(cx, &dislodged));
            assert!(
                line("BOS").ends_with(&format!("; {retreat}</li>")),
                "{}",
                line("BOS")
            );
            assert!(line("PER").ends_with("; famine</li>"), "{}", line("PER"));
            assert_eq!(line("TS"), "TS Tyrrhenian Sea: storm</li>");
            assert!(line("SIE").contains(&escape(&format!("; rebellion against {power}"))));
            assert!(list.contains("(siege counter 1)"));
            assert!(list.contains("<li>TUN Tunis: "));
        });
    }

    #[test]
    fn words_from_the_catalogs_are_escaped() {
        let view = balance_of_power();
        let catalogs = Catalogs::build(&[(
            "de",
            "condottieri-map-area-mil = <b>Mi&lan's \"city\"</b>\n",
        )])
        .unwrap();
        with_words(&catalogs, "de", |cx| {
            let escaped = "&lt;b&gt;Mi&amp;lan&#39;s &quot;city&quot;&lt;/b&gt;";
            let svg = board_svg(&view, cx).0;
            assert!(svg.contains(escaped));
            assert!(!svg.contains("<b>"));
            let list = units_by_area(&view, cx).0;
            assert!(list.contains(&format!("MIL {escaped}: ")));
            assert!(!list.contains("<b>"));
        });
    }

    #[test]
    fn both_languages_have_every_map_message() {
        let catalogs = Catalogs::build(&[]).unwrap();
        let ids = |lang: &str| -> BTreeSet<String> {
            catalogs
                .message_ids(lang)
                .into_iter()
                .filter(|id| id.starts_with("condottieri-map-"))
                .collect()
        };
        assert_eq!(ids("en"), ids("pt"));
        let areas = ids("en")
            .into_iter()
            .filter(|i| i.starts_with("condottieri-map-area-") && i != "condottieri-map-area-title")
            .count();
        assert_eq!(areas, 73);
    }

    #[test]
    fn power_colours_are_twelve_and_distinct() {
        let colours: BTreeSet<&str> = Power::ALL.iter().map(|p| power_colour(*p)).collect();
        assert_eq!(colours.len(), 12);
        let tints: BTreeSet<String> = Power::ALL.iter().map(|p| tint(power_colour(*p))).collect();
        assert_eq!(tints.len(), 12);
        assert_eq!(tint("#000000"), "#999999");
    }

    /// The outlines' segments, as integer end points, from the path data the generator writes
    /// (`M x y l dx dy dx dy … z` per ring).
    type Point = (i32, i32);

    fn segments(path: &str) -> Vec<(Point, Point)> {
        let mut out = Vec::new();
        for ring in path.split('M').filter(|r| !r.is_empty()) {
            let ring = ring.trim_end_matches('z');
            let (start, steps) = ring.split_once('l').unwrap();
            let numbers = |text: &str| -> Vec<i32> {
                let spaced = text.replace('-', " -");
                spaced
                    .split_whitespace()
                    .map(|n| n.parse::<i32>().unwrap())
                    .collect()
            };
            let s = numbers(start);
            let first = (s[0], s[1]);
            let mut at = first;
            for d in numbers(steps).chunks(2) {
                let next = (at.0 + d[0], at.1 + d[1]);
                out.push((at, next));
                at = next;
            }
            out.push((at, first));
        }
        out
    }

    /// Pairs of areas whose outlines share at least 3 units of edge, and the straits.
    fn drawn_neighbours() -> BTreeSet<(Area, Area)> {
        let mut edges: BTreeMap<(Point, Point), Vec<Area>> = BTreeMap::new();
        for (shape, a) in SHAPES.iter().zip(Area::all()) {
            for (p, q) in segments(shape.path) {
                edges.entry((p.min(q), p.max(q))).or_default().push(a);
            }
        }
        let mut shared: BTreeMap<(Area, Area), f64> = BTreeMap::new();
        for ((p, q), areas) in edges {
            let length = f64::from((q.0 - p.0).pow(2) + (q.1 - p.1).pow(2)).sqrt();
            for (i, a) in areas.iter().enumerate() {
                for b in &areas[i + 1..] {
                    if a != b {
                        *shared.entry(((*a).min(*b), (*a).max(*b))).or_default() += length;
                    }
                }
            }
        }
        let mut out: BTreeSet<(Area, Area)> = shared
            .into_iter()
            .filter(|(_, length)| *length >= 3.0)
            .map(|(pair, _)| pair)
            .collect();
        for strait in &STRAITS {
            let (a, b) = (area_of(strait.first), area_of(strait.second));
            out.insert((a.min(b), a.max(b)));
        }
        out
    }

    #[test]
    fn drawn_neighbours_match_the_borders() {
        let drawn = drawn_neighbours();
        let rules: BTreeSet<(Area, Area)> = borders()
            .iter()
            .map(|&(a, b, _)| (a.min(b), a.max(b)))
            .collect();
        let shown: Vec<String> = rules
            .difference(&drawn)
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        let extra: Vec<String> = drawn
            .difference(&rules)
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        // The floor the generator reached: every border drawn, no contact that is not one.
        assert!(shown.is_empty(), "borders not drawn: {shown:?}");
        assert!(
            extra.is_empty(),
            "drawn contacts that are not borders: {extra:?}"
        );
    }
}
