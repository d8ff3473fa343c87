//! The floor: the least a move service can do at corriere's durability, to measure corriere
//! against. The same JSON routes the load generator calls, one SQLite insert per move.
//!
//! A move is one `INSERT` into a WAL-mode SQLite file at `synchronous = FULL` (the bundled
//! SQLite built with corriere's flags), committed before the answer: by a writer thread that
//! commits every move waiting at once in one transaction (`--floor-commit group`, corriere's
//! shape) or one transaction per move (`each`). A stale move (its `seq` taken) is refused with
//! a 409, as corriere refuses one; the seat a game waits on is kept in memory. Nothing else:
//! no rules, no mail.
//!
//! A seat page (`GET /games/{id}/seat/{n}/{token}`, corriere's seat link) is the least a page
//! can do: one `SELECT` of the game's moves on a blocking thread with a pooled read
//! connection (as corriere reads), the moves as escaped HTML list items, the body padded to
//! [`PAGE_BYTES`] (about corriere's seat page early in a game) so both send the same bytes.

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use diesel::connection::SimpleConnection;
use diesel::sql_types::{BigInt, Text};
use diesel::{Connection, RunQueryDsl, SqliteConnection};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use tokio::sync::oneshot;

/// Moves in a floor game before it is over (a random 4-player Condottiere game plays about
/// 200 actions).
const GAME_LENGTH: i64 = 200;
/// Seats of a floor game.
const SEATS: i64 = 4;
/// The size of a floor seat page: corriere's Play for Points seat page at move 20 (the long
/// scenario's early page) was 23.9–25.3 KB.
const PAGE_BYTES: usize = 24 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Commit {
    /// Every move waiting when the writer is free, in one transaction (one sync for all).
    Group,
    /// One transaction, and one sync, per move.
    Each,
}

struct Insert {
    game: String,
    seq: i64,
    action: String,
    /// Whether the move was stored (`false`: its seq was taken).
    done: oneshot::Sender<bool>,
}

struct State {
    inserts: Mutex<mpsc::Sender<Insert>>,
    /// Each game's last seq.
    games: Mutex<HashMap<String, i64>>,
    next_game: AtomicU64,
    /// The pages' read connections, idle ones (a page takes one and gives it back).
    readers: Mutex<Vec<SqliteConnection>>,
    path: String,
}

/// A running floor: its address and the switch that stops it.
pub struct Floor {
    pub addr: std::net::SocketAddr,
    server: actix_web::dev::ServerHandle,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Floor {
    /// Open (create) `path`, start the writer and serve on a free loopback port.
    pub fn start(path: &std::path::Path, commit: Commit) -> Floor {
        let mut conn = SqliteConnection::establish(&path.display().to_string())
            .expect("the floor's SQLite file opens");
        conn.batch_execute(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
             CREATE TABLE IF NOT EXISTS moves (game TEXT NOT NULL, seq BIGINT NOT NULL, \
             action TEXT NOT NULL, PRIMARY KEY (game, seq));",
        )
        .expect("the floor's table");
        let (inserts, queue) = mpsc::channel::<Insert>();
        std::thread::Builder::new()
            .name("floor-writer".into())
            .spawn(move || write_moves(conn, queue, commit))
            .expect("the floor's writer");
        let state = web::Data::new(State {
            inserts: Mutex::new(inserts),
            games: Mutex::new(HashMap::new()),
            next_game: AtomicU64::new(1),
            readers: Mutex::new(Vec::new()),
            path: path.display().to_string(),
        });
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let addr = listener.local_addr().expect("an address");
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .route("/api/v1/games", web::post().to(create))
                .route("/games/{id}/confirm/{token}", web::get().to(ok))
                .route("/api/v1/games/{id}/accept", web::post().to(ok))
                .route("/api/v1/games/{id}/seat", web::get().to(seat))
                .route("/api/v1/games/{id}/moves", web::post().to(post_move))
                .route("/games/{id}/seat/{n}/{token}", web::get().to(page))
        })
        .listen(listener)
        .expect("the floor listens")
        .run();
        let handle = server.handle();
        Floor {
            addr,
            server: handle,
            served: tokio::spawn(server),
        }
    }

    pub async fn stop(self) {
        self.server.stop(true).await;
        let _ = self.served.await;
    }
}

fn write_moves(mut conn: SqliteConnection, queue: mpsc::Receiver<Insert>, commit: Commit) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        if commit == Commit::Group {
            while let Ok(more) = queue.try_recv() {
                batch.push(more);
            }
        }
        let mut stored = Vec::with_capacity(batch.len());
        conn.batch_execute("BEGIN IMMEDIATE").expect("BEGIN");
        for insert in &batch {
            let n = diesel::sql_query(
                "INSERT INTO moves (game, seq, action) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            )
            .bind::<Text, _>(&insert.game)
            .bind::<BigInt, _>(insert.seq)
            .bind::<Text, _>(&insert.action)
            .execute(&mut conn)
            .expect("INSERT");
            stored.push(n == 1);
        }
        conn.batch_execute("COMMIT").expect("COMMIT");
        for (insert, stored) in batch.into_iter().zip(stored) {
            let _ = insert.done.send(stored);
        }
    }
}

async fn ok() -> HttpResponse {
    HttpResponse::Ok().json(json!({}))
}

async fn create(state: web::Data<State>) -> HttpResponse {
    let id = format!("floor{}", state.next_game.fetch_add(1, Ordering::Relaxed));
    state.games.lock().unwrap().insert(id.clone(), 0);
    HttpResponse::Ok().json(json!({ "id": id }))
}

/// The seat from a bearer `N.token` (from 1), as corriere's API reads it.
fn seat_of(request: &HttpRequest) -> i64 {
    request
        .headers()
        .get("authorization")
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .and_then(|b| b.split('.').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The seat (from 1) that decides after `seq` moves.
fn deciding(seq: i64) -> i64 {
    seq % SEATS + 1
}

async fn seat(
    state: web::Data<State>,
    id: web::Path<String>,
    request: HttpRequest,
) -> HttpResponse {
    let Some(seq) = state.games.lock().unwrap().get(id.as_str()).copied() else {
        return HttpResponse::NotFound().finish();
    };
    let over = seq >= GAME_LENGTH;
    let mine = !over && seat_of(&request) == deciding(seq);
    let legal = if mine {
        json!([{ "pick": 0 }, { "pick": 1 }])
    } else {
        json!([])
    };
    HttpResponse::Ok().json(json!({
        "status": if over { "over" } else { "active" },
        "seq": seq,
        "legal_actions": legal,
        "view": { "waiting": [{ "seat": deciding(seq) }] },
    }))
}

async fn post_move(
    state: web::Data<State>,
    id: web::Path<String>,
    body: web::Json<Value>,
) -> HttpResponse {
    let seq = body["seq"].as_i64().unwrap_or(-1) + 1;
    let (done, stored) = oneshot::channel();
    let insert = Insert {
        game: id.clone(),
        seq,
        action: body["action"].to_string(),
        done,
    };
    if state.inserts.lock().unwrap().send(insert).is_err() {
        return HttpResponse::ServiceUnavailable().finish();
    }
    if !stored.await.unwrap_or(false) {
        return HttpResponse::Conflict().json(json!({ "error": "stale" }));
    }
    state.games.lock().unwrap().insert(id.into_inner(), seq);
    HttpResponse::Ok().json(json!({
        "game_over": seq >= GAME_LENGTH,
        "waiting": [deciding(seq)],
    }))
}

#[derive(diesel::QueryableByName)]
struct Move {
    #[diesel(sql_type = BigInt)]
    seq: i64,
    #[diesel(sql_type = Text)]
    action: String,
}

/// A seat page: the game's moves read on a blocking thread, drawn as HTML.
async fn page(state: web::Data<State>, path: web::Path<(String, u32, String)>) -> HttpResponse {
    let (id, seat, _token) = path.into_inner();
    let read = state.clone();
    let moves = web::block(move || {
        let taken = read.readers.lock().unwrap().pop();
        let mut conn = taken
            .unwrap_or_else(|| SqliteConnection::establish(&read.path).expect("a read connection"));
        let moves = diesel::sql_query("SELECT seq, action FROM moves WHERE game = ? ORDER BY seq")
            .bind::<Text, _>(&id)
            .load::<Move>(&mut conn);
        read.readers.lock().unwrap().push(conn);
        moves
    })
    .await;
    let Ok(Ok(moves)) = moves else {
        return HttpResponse::InternalServerError().finish();
    };
    let mut body = String::with_capacity(PAGE_BYTES);
    body.push_str("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">");
    body.push_str("<title>Floor</title></head><body><main><h1>Seat ");
    body.push_str(&seat.to_string());
    body.push_str("</h1><ol>");
    for m in &moves {
        body.push_str("<li value=\"");
        body.push_str(&m.seq.to_string());
        body.push_str("\">");
        body.push_str(&corriere::present::escape(&m.action));
        body.push_str("</li>");
    }
    body.push_str("</ol></main>");
    while body.len() < PAGE_BYTES - "</body></html>".len() {
        body.push_str("<p>-</p>");
    }
    body.push_str("</body></html>");
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(body)
}
