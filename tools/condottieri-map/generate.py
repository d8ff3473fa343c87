#!/usr/bin/env python3
"""Generate core/src/present/condottieri/geometry.rs: the 73 Condottieri areas as SVG paths.

Land is Natural Earth's 1:50m land (public domain), read from the npm package world-atlas
2.0.2 (`land-50m.json`, TopoJSON). Each area has real-world anchors (its city, or its
water's centre); land is split by a Voronoi diagram of the land anchors clipped to the
coastline, water by one of the sea anchors clipped to the water. Helper anchors shape
areas so that drawn neighbours follow the rules' borders; off-board anchors ("-") hold land
that is no area. See README.md beside this script.
"""

import json
import math
import re
import sys
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, polylabel, unary_union

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = ROOT / "core/src/present/condottieri/geometry.rs"
DATA = ROOT / "core/src/engine/condottieri/data.rs"

# The frame, in degrees: Provence to Hungary, Tyrol to Tunis.
WEST, EAST, SOUTH, NORTH = 4.4, 20.2, 36.5, 48.0
LAT0 = 42.5  # the parallel whose scale is kept (equirectangular)
WIDTH = 1000  # viewBox width; the height follows the frame

# Anchors: (code, [(lat, lon), ...]): the area's city or centre first, then helper points
# that shape it. Code "-" is land outside the board. Labels go to each area's pole of
# inaccessibility (the point farthest inside its largest piece).
LAND = [
    ("ALB", [(42.0, 19.65), (41.75, 20.2), (42.4, 19.3)]),
    ("ANC", [(43.45, 13.5)]),
    ("AQU", [(42.3, 13.9), (41.75, 14.6), (41.7, 15.3)]),
    ("ARE", [(43.45, 11.85)]),
    ("AUS", [(48.0, 16.0), (47.6, 14.0), (47.35, 12.8)]),
    ("AVI", [(44.0, 4.9), (45.0, 5.4), (45.9, 5.8)]),
    ("BARI", [(41.0, 16.6)]),
    ("BER", [(45.85, 10.05)]),
    ("BOL", [(44.45, 11.35), (44.2, 12.2), (44.62, 11.1), (44.2, 10.95)]),
    ("BOS", [(44.0, 17.8)]),
    ("CAP", [(41.3, 14.0), (42.05, 13.2)]),
    ("CAR", [(46.0, 14.5), (45.65, 13.8)]),
    ("CARIN", [(46.75, 13.8), (46.55, 12.2), (46.45, 10.7), (46.7, 11.4)]),
    ("COMO", [(45.85, 9.1), (45.75, 8.35)]),
    ("COR", [(42.15, 9.1)]),
    ("CRE", [(45.2, 10.1)]),
    ("CRO", [(45.5, 16.0), (45.1, 15.0), (45.05, 17.6)]),
    ("DAL", [(43.6, 16.3)]),
    ("DUR", [(41.2, 19.6), (40.5, 19.7)]),
    ("FER", [(44.85, 11.75)]),
    ("FLO", [(43.8, 11.3), (43.95, 11.7)]),
    ("FOR", [(44.6, 9.5), (44.45, 9.95)]),
    ("FRI", [(46.05, 13.1)]),
    ("GEN", [(44.4, 8.95), (44.25, 9.6)]),
    ("HER", [(43.2, 18.0)]),
    ("HUN", [(47.2, 18.5)]),
    ("IST", [(45.2, 13.85)]),
    ("LUC", [(44.0, 10.5)]),
    ("MAN", [(45.15, 10.8), (45.35, 10.45), (44.95, 11.2)]),
    ("MAR", [(43.4, 5.6)]),
    ("MES", [(38.9, 16.4), (38.25, 15.9)]),
    ("MIL", [(45.45, 9.25), (46.3, 10.4), (45.9, 9.55)]),
    ("MOD", [(44.6, 10.9), (44.15, 10.1)]),
    ("MON", [(44.95, 8.4), (44.7, 8.9)]),
    ("NAP", [(40.9, 14.35)]),
    ("OTR", [(40.35, 17.6), (40.2, 16.2)]),
    ("PAD", [(45.3, 11.9), (45.25, 12.2)]),
    ("PAL", [(37.6, 14.0)]),
    ("PAR", [(44.95, 9.9), (44.8, 10.3)]),
    ("PAT", [(42.45, 11.9)]),
    ("PAV", [(45.15, 8.95), (45.35, 8.5), (44.95, 9.3)]),
    ("PER", [(43.1, 12.4), (42.55, 12.45)]),
    ("PIO", [(42.95, 10.6)]),
    ("PIS", [(43.93, 10.95)]),
    ("PISA", [(43.6, 10.5)]),
    ("PRO", [(43.8, 6.6), (44.4, 6.7)]),
    ("RAG", [(42.7, 18.05)]),
    ("ROME", [(41.9, 12.6), (42.25, 12.75)]),
    ("SAL", [(40.6, 15.1), (40.9, 15.6)]),
    ("SALZ", [(44.5, 7.3)]),
    ("SAR", [(40.0, 9.0)]),
    ("SAV", [(44.3, 8.4), (44.35, 7.9)]),
    ("SIE", [(43.2, 11.45), (42.75, 11.1)]),
    ("SLA", [(46.5, 16.0), (46.0, 17.5)]),
    ("SPO", [(42.75, 12.9)]),
    ("SWI", [(46.9, 6.9), (47.4, 8.3)]),
    ("TRE", [(45.75, 12.25)]),
    ("TRENT", [(46.1, 11.1)]),
    ("TUN", [(36.8, 10.0)]),
    ("TUR", [(45.1, 7.6), (45.5, 7.3), (44.75, 7.9)]),
    ("TYR", [(47.2, 11.3), (46.9, 9.3), (46.3, 7.9)]),
    ("URB", [(43.7, 12.6), (43.35, 12.8)]),
    ("VEN", [(45.44, 12.33), (45.6, 12.75), (45.5, 12.5)]),
    ("VER", [(45.45, 11.05), (46.2, 12.2), (45.4, 10.85), (45.15, 11.55), (45.95, 11.7)]),
    ("-", [(47.0, 3.5), (36.5, 6.0), (44.0, 21.0), (48.6, 9.0), (42.3, 21.5)]),
]

SEA = [
    ("CM", [(36.9, 12.3), (36.6, 14.8)]),
    ("GOL", [(42.0, 6.0), (42.6, 4.6), (41.3, 8.3), (41.33, 9.25)]),
    ("GON", [(39.3, 15.0), (39.0, 14.8)]),
    ("IS", [(38.3, 18.5), (37.4, 15.6), (39.6, 17.5)]),
    ("LA", [(41.9, 17.0), (43.0, 14.6)]),
    ("LS", [(43.6, 8.8), (43.2, 10.1)]),
    ("TS", [(40.6, 11.6), (40.9, 13.3), (38.6, 12.6), (42.2, 10.3), (41.0, 10.0)]),
    ("UA", [(44.4, 13.4)]),
    ("WM", [(38.5, 7.0), (39.0, 5.0)]),
]

# How far (units) an island with no anchor may lie from an area's anchor to join it.
ISLAND_REACH = 45

# Borders across water drawn as a line between the nearest shores.
STRAITS = [("COR", "SAR"), ("MES", "PAL")]
STRAIT_MIN = 22  # the shortest strait line drawn (units)

# Simplification tolerance (units); pieces smaller than MIN_PIECE square units are dropped;
# two areas are drawn neighbours when their shared outline is at least MIN_CONTACT long.
TOLERANCE = 1.2
MIN_PIECE = 4.0
MIN_CONTACT = 3.0


# A lens: the crowded north and centre of Italy drawn larger (magnified MAG times at its
# centre, lon/lat FOCUS), the map's edges unchanged beyond RADIUS units.
FOCUS = (10.9, 44.6)
MAG = 1.6
RADIUS = 620


def flat(lon, lat):
    x0 = WEST * math.cos(math.radians(LAT0))
    scale = WIDTH / ((EAST - WEST) * math.cos(math.radians(LAT0)))
    return ((lon * math.cos(math.radians(LAT0)) - x0) * scale, (NORTH - lat) * scale)


def lens(lon, lat):
    x, y = flat(lon, lat)
    cx, cy = flat(*FOCUS)
    dx, dy = x - cx, y - cy
    r = math.hypot(dx, dy)
    t = r / RADIUS
    if 0 < t < 1:
        f = MAG - (MAG - 1) * t  # radius becomes RADIUS * t * f: MAG at the focus, 1 at the rim
        dx, dy = dx * f, dy * f
    return (cx + dx, cy + dy)


# The drawn rectangle: what the lens leaves of the frame's edges.
LEFT = lens(WEST, 44.0)[0]
TOP = lens(11.0, NORTH)[1]
SCALE = WIDTH / (lens(EAST, 42.0)[0] - LEFT)
HEIGHT = round((lens(10.5, SOUTH)[1] - TOP) * SCALE)


def project(lon, lat):
    x, y = lens(lon, lat)
    return ((x - LEFT) * SCALE, (y - TOP) * SCALE)


def topo_land(path):
    topo = json.loads(path.read_text())
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices):
        pts = []
        for i in indices:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(a if not pts else a[1:])
        return pts

    polys = []
    for geom in topo["objects"]["land"]["geometries"]:
        parts = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for rings in parts:
            shell = ring(rings[0])
            holes = [ring(r) for r in rings[1:]]
            polys.append(Polygon(shell, holes))
    frame = box(WEST - 4, SOUTH - 3, EAST + 4, NORTH + 3)
    land = unary_union([p.buffer(0).intersection(frame) for p in polys if p.intersects(frame)])
    return shapely.transform(land, lambda c: np.array([project(x, y) for x, y in c]))


def points(table):
    out = []
    for code, pts in table:
        for lat, lon in pts:
            out.append((code, Point(project(lon, lat))))
    return out


def voronoi_partition(region, anchors):
    """Split region among the anchors' codes by the Voronoi cells of all their points."""
    mp = shapely.MultiPoint([p for _, p in anchors])
    cells = shapely.voronoi_polygons(mp, extend_to=region.buffer(500))
    parts = {}
    for cell in cells.geoms:
        for code, p in anchors:
            if cell.contains(p):
                piece = cell.intersection(region)
                if not piece.is_empty:
                    parts.setdefault(code, []).append(piece)
                break
    return {c: unary_union(v) for c, v in parts.items()}


def partition_land(land, anchors):
    """Each land mass goes whole to the area of its anchors, split by Voronoi when several
    areas share it; a land mass with no anchor joins the area of the nearest anchor."""
    parts = {}
    geoms = list(land.geoms) if hasattr(land, "geoms") else [land]
    for mass in geoms:
        inside = [(c, p) for c, p in anchors if mass.buffer(1).contains(p)]
        if not inside:
            # An island with no anchor joins the nearest area if it lies close, else no area.
            code, p = min(anchors, key=lambda a: mass.distance(a[1]))
            parts.setdefault(code if mass.distance(p) < ISLAND_REACH else "-", []).append(mass)
            continue
        for code, piece in voronoi_partition(mass, inside).items():
            parts.setdefault(code, []).append(piece)
    return {c: unary_union(v) for c, v in parts.items()}


def rules_borders():
    text = DATA.read_text()
    rows = re.search(r'BORDER_ROWS: &str = "\\\n(.*?)";', text, re.S).group(1)
    out = set()
    for line in rows.split("\\n\\\n"):
        f = line.split()
        if len(f) >= 2:
            out.add(tuple(sorted(f[:2])))
    return out


def main():
    land = topo_land(Path(sys.argv[1]))
    frame = box(0, 0, WIDTH, HEIGHT)
    land = land.intersection(frame)
    water = frame.difference(land)
    land_parts = partition_land(land, points(LAND))
    sea_parts = voronoi_partition(water, points(SEA))
    shapes = {**land_parts, **sea_parts}
    codes = sorted(shapes)
    coverage = noded([shapes[c] for c in codes])
    simple = shapely.coverage_simplify(coverage, TOLERANCE)
    shapes = {c: polygons(g) for c, g in zip(codes, simple)}
    off = shapes.pop("-")
    straits = strait_links(shapes)
    report(shapes, straits)
    emit(shapes, off, straits)
    if len(sys.argv) > 2:
        preview(shapes, off, Path(sys.argv[2]))


def noded(geoms):
    """The same areas as a valid coverage: every face of the noded outlines goes to the area
    that holds most of it, so neighbours share exactly the same edges."""
    lines = unary_union([g.boundary for g in geoms])
    faces = list(shapely.polygonize(lines.geoms).geoms)
    tree = shapely.STRtree(geoms)
    parts = [[] for _ in geoms]
    for face in faces:
        p = face.representative_point()
        hits = [i for i in tree.query(p) if geoms[i].covers(p)]
        if hits:
            best = max(hits, key=lambda i: geoms[i].intersection(face).area)
            parts[best].append(face)
    return [unary_union(p) for p in parts]


def polygons(geom):
    """Only the polygons of a geometry (snapping can leave stray lines or points)."""
    parts = geom.geoms if hasattr(geom, "geoms") else [geom]
    polys = []
    for p in parts:
        if isinstance(p, Polygon) and p.area >= MIN_PIECE:
            polys.append(p)
        elif isinstance(p, MultiPolygon):
            polys.extend(q for q in p.geoms if q.area >= MIN_PIECE)
    return MultiPolygon(polys) if len(polys) != 1 else polys[0]


def strait_links(shapes):
    """Borders between areas that the water keeps apart (straits): drawn as a line across."""
    links = []
    for a, b in STRAITS:
        p, q = nearest_points(shapes[a], shapes[b])
        # Reach a little onto each shore so that a narrow strait still shows a line.
        length = max(p.distance(q), 0.1)
        half = max(length / 2 + 6, STRAIT_MIN / 2)
        mx, my = (p.x + q.x) / 2, (p.y + q.y) / 2
        ux, uy = (q.x - p.x) / length, (q.y - p.y) / length
        links.append((a, b, Point(mx - ux * half, my - uy * half), Point(mx + ux * half, my + uy * half)))
    return links


def path_data(geom):
    """Compact SVG path data: integer coordinates, relative moves after each ring's start."""
    polys = geom.geoms if hasattr(geom, "geoms") else [geom]
    out = []
    for poly in polys:
        poly = shapely.geometry.polygon.orient(poly, 1.0)
        for ring in [poly.exterior, *poly.interiors]:
            pts = [(round(x), round(y)) for x, y in ring.coords][:-1]
            d = [f"M{pts[0][0]} {pts[0][1]}l"]
            steps = []
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                if (x1, y1) != (x0, y0):
                    steps.append(f"{x1 - x0} {y1 - y0}")
            d.append(" ".join(steps).replace(" -", "-"))
            out.append("".join(d) + "z")
    return "".join(out)


def label_point(geom):
    big = max(geom.geoms, key=lambda q: q.area) if hasattr(geom, "geoms") else geom
    p = polylabel(big, 0.5)
    return round(p.x), round(p.y)


def emit(shapes, off, straits):
    rows = []
    for code in sorted(shapes):
        x, y = label_point(shapes[code])
        rows.append(
            f'    Shape {{\n        code: "{code}",\n        label: ({x}, {y}),\n'
            f'        path: "{path_data(shapes[code])}",\n    }},\n'
        )
    links = "".join(
        f'    Strait {{\n        first: "{a}",\n        second: "{b}",\n'
        f"        from: ({round(p.x)}, {round(p.y)}),\n        to: ({round(q.x)}, {round(q.y)}),\n    }},\n"
        for a, b, p, q in straits
    )
    OUT.write_text(
        "//! The Condottieri map's drawing, generated by `tools/condottieri-map/generate.py` from Natural\n"
        "//! Earth's coastline (public domain): each area's outline and label point, the straits.\n"
        "// Generated: do not edit by hand; rerun the generator (its README says how).\n\n"
        f"/// The drawing's size in SVG units (the viewBox).\npub const WIDTH: u16 = {WIDTH};\n"
        f"pub const HEIGHT: u16 = {HEIGHT};\n\n"
        "/// One area's outline (SVG path data) and the point its label and units gather around.\n"
        "pub struct Shape {\n    pub code: &'static str,\n    pub label: (u16, u16),\n"
        "    pub path: &'static str,\n}\n\n"
        "/// The 73 areas in code order.\n"
        f"pub const SHAPES: [Shape; {len(rows)}] = [\n{''.join(rows)}];\n\n"
        "/// Land that is no area of the board.\n"
        f'pub const OFF_BOARD: &str = "{path_data(off)}";\n\n'
        "/// A border across water between two land areas, drawn as a line between their shores.\n"
        "pub struct Strait {\n    pub first: &'static str,\n    pub second: &'static str,\n"
        "    pub from: (u16, u16),\n    pub to: (u16, u16),\n}\n\n"
        f"pub const STRAITS: [Strait; {len(straits)}] = [\n{links}];\n"
    )
    print(f"wrote {OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes")


def svg_path(geom):
    polys = list(geom.geoms) if hasattr(geom, "geoms") else [geom]
    out = []
    for poly in polys:
        for r in [poly.exterior, *poly.interiors]:
            c = list(r.coords)[:-1]
            out.append("M" + "L".join(f"{x:.0f} {y:.0f}" for x, y in c) + "Z")
    return "".join(out)


def preview(shapes, off, path):
    """A picture to check the partition by eye: not part of the output."""
    sea = {c for c, _ in SEA}
    body = [f'<path d="{svg_path(off)}" fill="#ddd" stroke="#999"/>'] if off else []
    for code, g in sorted(shapes.items()):
        fill = "#bcd8f0" if code in sea else "#f4ecd8"
        body.append(f'<path d="{svg_path(g)}" fill="{fill}" stroke="#555" stroke-width="0.8"/>')
    for code, p in points(LAND) + points(SEA):
        body.append(f'<circle cx="{p.x:.0f}" cy="{p.y:.0f}" r="2" fill="red"/>')
    for code, g in sorted(shapes.items()):
        big = max(g.geoms, key=lambda q: q.area) if hasattr(g, "geoms") else g
        q = polylabel(big)
        body.append(f'<text x="{q.x:.0f}" y="{q.y:.0f}" font-size="11" text-anchor="middle" font-family="DejaVu Sans">{code}</text>')
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH*1.5:.0f}" height="{HEIGHT*1.5:.0f}"><rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>{"".join(body)}</svg>')


def written_contacts(shapes):
    """Shared edge length per pair, measured on the written integer outlines (as the unit
    test `drawn_neighbours_match_the_borders` in map.rs measures it)."""
    edges = {}
    for code, geom in shapes.items():
        for ring in path_data(geom).split("M")[1:]:
            start, steps = ring.rstrip("z").split("l")
            x, y = map(int, start.split())
            first = (x, y)
            nums = [int(n) for n in steps.replace("-", " -").split()]
            pts = [first]
            for dx, dy in zip(nums[::2], nums[1::2]):
                x, y = x + dx, y + dy
                pts.append((x, y))
            pts.append(first)
            for p, q in zip(pts, pts[1:]):
                edges.setdefault((min(p, q), max(p, q)), []).append(code)
    shared = {}
    for (p, q), codes in edges.items():
        length = math.dist(p, q)
        for i, a in enumerate(codes):
            for b in codes[i + 1:]:
                if a != b:
                    key = tuple(sorted((a, b)))
                    shared[key] = shared.get(key, 0) + length
    return shared


def report(shapes, straits):
    borders = rules_borders()
    shared = written_contacts(shapes)
    drawn = {k for k, v in shared.items() if v >= MIN_CONTACT}
    drawn |= {tuple(sorted((a, b))) for a, b, _, _ in straits}
    short = sorted((v, k) for k, v in shared.items() if k in borders)[:6]
    near = sorted(f"{a}-{b} {v:.1f}" for (a, b), v in shared.items() if (a, b) not in borders)
    print("non-borders sharing any edge:", ", ".join(near) or "none")
    print("shortest drawn borders:", ", ".join(f"{a}-{b} {v:.1f}" for v, (a, b) in short))
    ok = drawn & borders
    print(f"borders drawn {len(ok)}/{len(borders)}; contacts not borders {len(drawn - borders)}")
    print("missing:", " ".join(f"{a}-{b}" for a, b in sorted(borders - drawn)))
    print("extra:", " ".join(f"{a}-{b}" for a, b in sorted(drawn - borders)))
    for a, b in sorted(drawn - borders):
        c = shapes[a].buffer(0.5).intersection(shapes[b].buffer(0.5)).centroid
        print(f"  {a}-{b} at {c.x:.0f},{c.y:.0f}")


if __name__ == "__main__":
    main()
