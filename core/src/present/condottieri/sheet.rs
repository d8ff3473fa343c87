//! A power's sheet for the open phase, as its own seat sees it: the page's private part and
//! forms (a select of legal orders per unit, a line box, READY, the draw vote) and the mail part.

use super::{area, areas, order, phase, power, unit};
use crate::engine::condottieri::finances::Target;
use crate::engine::condottieri::rules::{Action, Sheet, View};
use crate::engine::condottieri::{
    legal_orders, ExpenseKind, Order, Power, RetreatOrder, Retreating, Step, Unit,
};
use crate::engine::Seat;
use crate::present::{escape, Ctx, Html, MailPart, MoveForm, Words};

fn sheet_of(view: &View, p: Power) -> Sheet {
    view.sheets.get(&p).cloned().unwrap_or_default()
}

fn retreat_line(r: &Retreating, to: &RetreatOrder) -> String {
    let head = unit(r.unit.kind, r.unit.area);
    match to {
        RetreatOrder::To { area: a } => format!("{head} - {}", a.code()),
        RetreatOrder::City => format!("{head} = G"),
        RetreatOrder::Disband => format!("{head} D"),
    }
}

/// Every way a dislodged unit may go (§8.2), as lines.
fn retreat_options(r: &Retreating) -> Vec<String> {
    r.fields
        .iter()
        .map(|a| RetreatOrder::To { area: *a })
        .chain(r.city.then_some(RetreatOrder::City))
        .chain([RetreatOrder::Disband])
        .map(|o| retreat_line(r, &o))
        .collect()
}

fn unit_by_id(view: &View, id: u32) -> String {
    view.position
        .unit(id)
        .map_or_else(|| id.to_string(), |u| unit(u.kind, u.area))
}

fn mine(view: &View, p: Power) -> Vec<&Retreating> {
    view.retreating
        .iter()
        .filter(|r| r.unit.owner == Some(p))
        .collect()
}

/// The unit's accepted order for the phase, written, or `None` (it will hold, D1).
fn current(view: &View, sheet: &Sheet, u: &Unit) -> Option<String> {
    sheet
        .orders
        .get(&u.id)
        .map(|o| order(u.kind, u.area, o))
        .filter(|_| view.phase.step == Step::Orders)
}

/// The sheet as lines of text: the power's orders (or defaults), money, retreats or
/// adjustments, its treasury (its own view holds only its own), READY and its draw vote.
fn sheet_lines(view: &View, p: Power, cx: &Ctx) -> Vec<String> {
    let w = &cx.words;
    let sheet = sheet_of(view, p);
    let mut out = Vec::new();
    let asked = view.asked.contains(&p);
    if view.outcome.is_some() {
        return out;
    }
    if !asked {
        out.push(w.one("condottieri-sheet-not-asked", "phase", phase(w, view.phase)));
    }
    match view.phase.step {
        Step::Orders if asked => {
            for u in view.orderable(p) {
                let line = match current(view, &sheet, u) {
                    Some(line) => line,
                    None => w.one(
                        "condottieri-sheet-default-hold",
                        "unit",
                        unit(u.kind, u.area),
                    ),
                };
                out.push(if u.owner == Some(p) {
                    line
                } else {
                    w.one("condottieri-sheet-bought", "line", line)
                });
            }
            if view.options.finances {
                if let Some(treasury) = view.position.treasury.get(&p) {
                    out.push(w.two(
                        "condottieri-sheet-treasury",
                        ("treasury", *treasury),
                        ("spent", sheet.money.total()),
                    ));
                }
                for (n, e) in sheet.money.expenses.iter().enumerate() {
                    let target = match e.target {
                        Target::Area(a) => area(w, a),
                        Target::Unit(id) => unit_by_id(view, id),
                    };
                    out.push(w.with(
                        "condottieri-sheet-expense",
                        &[
                            ("number", (n + 1).into()),
                            ("amount", e.amount.into()),
                            ("kind", expense_kind(w, e.kind).into()),
                            ("target", target.into()),
                        ],
                    ));
                }
                for t in &sheet.money.transfers {
                    out.push(w.two(
                        "condottieri-sheet-transfer",
                        ("amount", t.amount),
                        ("to", power(w, t.to)),
                    ));
                }
            }
        }
        Step::Retreats if asked => {
            for r in mine(view, p) {
                out.push(match sheet.retreats.get(&r.unit.id) {
                    Some(to) => retreat_line(r, to),
                    None => w.one(
                        "condottieri-sheet-default-disband",
                        "unit",
                        unit(r.unit.kind, r.unit.area),
                    ),
                });
            }
        }
        Step::Adjustments if asked => {
            for due in view.dues.iter().filter(|d| d.power == p) {
                if due.must_disband > 0 {
                    out.push(w.one("condottieri-sheet-must-disband", "count", due.must_disband));
                }
                if due.may_build > 0 {
                    out.push(w.two(
                        "condottieri-sheet-may-build",
                        ("count", due.may_build),
                        ("areas", areas(w, &due.build_areas)),
                    ));
                }
                if due.finances {
                    out.push(w.one(
                        "condottieri-sheet-adjust-treasury",
                        "treasury",
                        due.treasury,
                    ));
                }
            }
            let adj = &sheet.adjustment;
            for b in &adj.builds {
                out.push(format!("BUILD {}", unit(b.kind, b.area)));
            }
            for id in &adj.disbands {
                out.push(format!("DISBAND {}", unit_by_id(view, *id)));
            }
            for id in &adj.maintain {
                out.push(format!("MAINTAIN {}", unit_by_id(view, *id)));
            }
            if adj.builds.is_empty() && adj.disbands.is_empty() && adj.maintain.is_empty() {
                out.push(w.get("condottieri-sheet-adjust-default"));
            }
        }
        _ => {}
    }
    if asked {
        out.push(w.get(if view.ready.contains(&p) {
            "condottieri-sheet-ready"
        } else {
            "condottieri-sheet-not-ready"
        }));
    }
    if !view.eliminated.contains(&p) {
        out.push(w.get(if view.draw.contains(&p) {
            "condottieri-sheet-draw-yes"
        } else {
            "condottieri-sheet-draw-no"
        }));
    }
    out
}

fn expense_kind(w: &Words, kind: ExpenseKind) -> String {
    let id = match kind {
        ExpenseKind::Relief => "relief",
        ExpenseKind::Pacify => "pacify",
        ExpenseKind::Rebel => "rebel",
        ExpenseKind::Counter => "counter",
        ExpenseKind::Disband => "disband",
        ExpenseKind::Buy => "buy",
        ExpenseKind::Free => "free",
    };
    w.get(&format!("condottieri-expense-{id}"))
}

fn list_html(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| format!("<li>{}</li>", escape(l)))
        .collect()
}

/// The seat's own sheet for its page.
pub(super) fn private_part(view: &View, seat: Seat, cx: &Ctx) -> Html {
    let Some(p) = view.power(seat) else {
        return Html::default();
    };
    let lines = sheet_lines(view, p, cx);
    if lines.is_empty() {
        return Html::default();
    }
    Html(format!(
        "<section id=\"condottieri-sheet\"><h3>{}</h3><ul>{}</ul></section>",
        escape(&cx.words.two(
            "condottieri-sheet-title",
            ("power", power(&cx.words, p)),
            ("phase", phase(&cx.words, view.phase)),
        )),
        list_html(&lines)
    ))
}

/// What a reviewer sees beyond the board: every treasury and every draw vote.
pub(super) fn review_part(view: &View, cx: &Ctx) -> Html {
    let w = &cx.words;
    let mut lines: Vec<String> = view
        .position
        .treasury
        .iter()
        .map(|(p, t)| {
            w.two(
                "condottieri-review-treasury",
                ("power", power(w, *p)),
                ("treasury", *t),
            )
        })
        .collect();
    lines.push(w.one(
        "condottieri-review-draw",
        "powers",
        w.list(view.draw.iter().map(|p| power(w, *p)).collect()),
    ));
    Html(format!(
        "<ul id=\"condottieri-review\">{}</ul>",
        list_html(&lines)
    ))
}

fn button(action: &Action, label: &str) -> String {
    format!(
        "<button type=\"submit\" name=\"action\" value=\"{}\">{}</button>",
        escape(&serde_json::to_string(action).expect("actions serialize")),
        escape(label)
    )
}

/// A form that posts one written line chosen from `options` (`chosen` selected).
fn select_form(legend: String, options: &[String], chosen: Option<&str>, w: &Words) -> MoveForm {
    let options: String = options
        .iter()
        .map(|o| {
            format!(
                "<option value=\"{0}\"{1}>{0}</option>",
                escape(o),
                if Some(o.as_str()) == chosen {
                    " selected"
                } else {
                    ""
                }
            )
        })
        .collect();
    MoveForm {
        folded: false,
        body: Html(format!(
            "<input type=\"hidden\" name=\"condottieri\" value=\"line\">\
             <label>{} <select name=\"line\">{options}</select></label> \
             <button type=\"submit\">{}</button>",
            escape(&w.get("condottieri-form-order-label")),
            escape(&w.get("condottieri-form-send")),
        )),
        legend,
    }
}

/// The seat's forms: in an orders phase one per unit it may order (a select of exactly its
/// legal orders, its accepted order selected), in a retreat phase one per dislodged unit, in
/// an adjustments phase one of every adjustment line; then a box for any written line
/// (money lines, CLEAR, orders by name), READY, and the draw vote.
pub(super) fn forms(view: &View, seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
    let w = &cx.words;
    let Some(p) = view.power(seat) else {
        return Vec::new();
    };
    if view.outcome.is_some() {
        return Vec::new();
    }
    let mut forms = Vec::new();
    let sheet = sheet_of(view, p);
    if view.asked.contains(&p) {
        match view.phase.step {
            Step::Orders => {
                for u in view.orderable(p) {
                    let mut options: Vec<String> = legal_orders(&view.position, u)
                        .iter()
                        .map(|o| order(u.kind, u.area, o))
                        .collect();
                    let hold = order(u.kind, u.area, &Order::Hold);
                    if !options.contains(&hold) {
                        options.insert(0, hold.clone());
                    }
                    let chosen = current(view, &sheet, u).unwrap_or(hold);
                    forms.push(select_form(
                        w.two(
                            "condottieri-form-unit",
                            ("unit", unit(u.kind, u.area)),
                            ("area", area(w, u.area)),
                        ),
                        &options,
                        Some(&chosen),
                        w,
                    ));
                }
            }
            Step::Retreats => {
                for r in mine(view, p) {
                    let chosen = sheet.retreats.get(&r.unit.id).map(|o| retreat_line(r, o));
                    forms.push(select_form(
                        w.two(
                            "condottieri-form-retreat",
                            ("unit", unit(r.unit.kind, r.unit.area)),
                            ("area", area(w, r.unit.area)),
                        ),
                        &retreat_options(r),
                        chosen.as_deref(),
                        w,
                    ));
                }
            }
            Step::Adjustments => {
                let lines: Vec<String> = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Write { line } => Some(line.clone()),
                        _ => None,
                    })
                    .collect();
                if !lines.is_empty() {
                    forms.push(select_form(
                        w.get("condottieri-form-adjustment"),
                        &lines,
                        None,
                        w,
                    ));
                }
            }
        }
        forms.push(MoveForm {
            folded: false,
            legend: w.get("condottieri-form-line"),
            body: Html(format!(
                "<label for=\"condottieri-lines\">{}</label><br>\
                 <textarea id=\"condottieri-lines\" name=\"lines\" rows=\"4\" cols=\"30\" \
                 maxlength=\"{}\" autocomplete=\"off\" autocapitalize=\"characters\" \
                 spellcheck=\"false\" placeholder=\"{}\"></textarea><br>\
                 <button type=\"submit\">{}</button><br><span class=\"muted\">{}</span>",
                escape(&w.get("condottieri-form-line-label")),
                crate::present::reply::SHEET_MAX_CHARS,
                escape(&w.get(match view.phase.step {
                    Step::Orders => "condottieri-form-line-example-orders",
                    Step::Retreats => "condottieri-form-line-example-retreats",
                    Step::Adjustments => "condottieri-form-line-example-adjustments",
                })),
                escape(&w.get("condottieri-form-send")),
                escape(&w.get("condottieri-form-line-help")),
            )),
        });
        if legal.contains(&Action::Ready) {
            forms.push(MoveForm {
                folded: false,
                legend: w.get("condottieri-form-ready"),
                body: Html(format!(
                    "{}<br><span class=\"muted\">{}</span>",
                    button(&Action::Ready, &w.get("condottieri-form-ready-button")),
                    escape(&w.get("condottieri-form-ready-help"))
                )),
            });
        }
    }
    if !view.eliminated.contains(&p) {
        let voting = view.draw.contains(&p);
        forms.push(MoveForm {
            folded: false,
            legend: w.get("condottieri-form-draw"),
            body: Html(format!(
                "{}<br><span class=\"muted\">{}</span>",
                button(
                    &Action::Draw { vote: !voting },
                    &w.get(if voting {
                        "condottieri-form-draw-withdraw"
                    } else {
                        "condottieri-form-draw-vote"
                    })
                ),
                escape(&w.get("condottieri-form-draw-help"))
            )),
        });
    }
    forms
}

/// A unit's legal orders in few words, for a phone: the orders without the unit, advances
/// as one list of destinations, supports and convoys each as one list
/// ("H · L · - ANC, AQU, PRO VIA CONVOY · S A SIE - PRO, A TUR"). Every part is written form.
fn compact(u: &Unit, orders: &[Order]) -> String {
    let head = format!("{} ", unit(u.kind, u.area));
    let tail = |o: &Order| {
        let text = order(u.kind, u.area, o);
        text.strip_prefix(&head).unwrap_or(&text).to_owned()
    };
    let mut parts = Vec::new();
    let mut advances = Vec::new();
    let mut supports = Vec::new();
    let mut convoys = Vec::new();
    for o in orders {
        let text = tail(o);
        match o {
            Order::Advance { .. } => advances.push(text.trim_start_matches("- ").to_owned()),
            Order::Support { .. } => supports.push(text.trim_start_matches("S ").to_owned()),
            Order::Convoy { .. } => convoys.push(text.trim_start_matches("C ").to_owned()),
            _ => parts.push(text),
        }
    }
    for (symbol, list) in [("-", advances), ("S", supports), ("C", convoys)] {
        if !list.is_empty() {
            parts.push(format!("{symbol} {}", list.join(", ")));
        }
    }
    parts.join(" · ")
}

/// The seat's part of a phase mail: what to decide, each unit with its current order and
/// every order it may be given, the sheet, and how to reply.
pub(super) fn mail_part(view: &View, seat: Seat, cx: &Ctx) -> MailPart {
    let w = &cx.words;
    let Some(p) = view.power(seat) else {
        return MailPart::default();
    };
    if view.outcome.is_some() {
        return MailPart::default();
    }
    let mut paragraphs: Vec<Vec<String>> = Vec::new();
    let asked = view.asked.contains(&p);
    if asked {
        let mut units = Vec::new();
        match view.phase.step {
            Step::Orders => {
                units.push(w.get("condottieri-mail-units"));
                for u in view.orderable(p) {
                    units.push(w.two(
                        "condottieri-mail-unit",
                        (
                            "unit",
                            format!("{} ({})", unit(u.kind, u.area), area(w, u.area)),
                        ),
                        ("orders", compact(u, &legal_orders(&view.position, u))),
                    ));
                }
            }
            Step::Retreats => {
                units.push(w.get("condottieri-mail-retreats"));
                for r in mine(view, p) {
                    units.push(w.two(
                        "condottieri-mail-unit",
                        (
                            "unit",
                            format!(
                                "{} ({})",
                                unit(r.unit.kind, r.unit.area),
                                area(w, r.unit.area)
                            ),
                        ),
                        ("orders", retreat_options(r).join(" · ")),
                    ));
                }
            }
            Step::Adjustments => {
                units.push(w.get("condottieri-mail-adjustments"));
                for u in view.position.units_of(p) {
                    units.push(unit(u.kind, u.area));
                }
            }
        }
        if units.len() > 1 {
            paragraphs.push(units);
        }
    }
    let mut current = vec![w.get("condottieri-mail-sheet")];
    current.extend(sheet_lines(view, p, cx));
    paragraphs.push(current);
    if asked {
        paragraphs.push(vec![w.get(match view.phase.step {
            Step::Orders => "condottieri-mail-how-orders",
            Step::Retreats => "condottieri-mail-how-retreats",
            Step::Adjustments => "condottieri-mail-how-adjustments",
        })]);
    }
    let text = paragraphs
        .iter()
        .map(|p| p.join("\n"))
        .collect::<Vec<_>>()
        .join("\n\n");
    let html = paragraphs
        .iter()
        .map(|p| {
            let (head, rest) = p.split_first().expect("a paragraph has a first line");
            if rest.is_empty() {
                format!("<p>{}</p>", escape(head))
            } else {
                format!("<p>{}</p><ul>{}</ul>", escape(head), list_html(rest))
            }
        })
        .collect();
    MailPart {
        text,
        html: Html(html),
    }
}
