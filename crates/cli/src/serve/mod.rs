//! `conway serve`: the worksheet in a browser. A local web server (axum on tokio) serves one
//! page, whose files are compiled into the binary (nothing is fetched from elsewhere, so it
//! works offline), and a small JSON API over the session engine ([`crate::session`]):
//!
//! | request | answer |
//! |---|---|
//! | `POST /api/worksheets` | `{"worksheet": id}`: a new session |
//! | `DELETE /api/worksheets/{id}` | closes it |
//! | `POST /api/worksheets/{id}/cells` `{"input": "…", "record": true}` | `{"job": id}`: the cell is queued (and, unless `record` is false, kept among the worksheet's cells) |
//! | `GET /api/jobs/{id}?wait=MS` | the job's state, once it ends or after at most `MS` milliseconds (default 0, at most 10,000): queued, running (stage, done, total, unit), done (the answer), failed (the CLI's error object) |
//! | `POST /api/jobs/{id}/cancel` | stops the job; it fails as interrupted within a second |
//! | `GET /api/worksheets/{id}/file` | the worksheet file of the cells run so far |
//! | `GET /api/startup` | the cells of the worksheet named on the command line, to run first |
//! | `POST /api/worksheets/{id}/save` | writes the cells to that worksheet file |
//!
//! Safe by default: it binds 127.0.0.1 unless told otherwise, limits request bodies, the
//! length of a cell, the time a cell may run and the number of worksheets, and touches no
//! file but the worksheet named on its command line (sessions refuse commands that read or
//! write files). Errors come back as the CLI's JSON error objects, with the same messages.

mod jobs;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use conway_expr::eval::{UserRuleset, UserRulesets};

use crate::args::ServeArgs;
use crate::worksheet::Worksheet;
use crate::CliError;
use jobs::Registry;

/// The largest request body accepted.
const MAX_BODY: usize = 1 << 20;

/// The longest cell accepted, in characters.
pub const MAX_CELL_CHARS: usize = 100_000;

/// The page and its files, compiled in.
const PAGE: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "/api.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/api.js"),
    ),
    (
        "/boards.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/boards.js"),
    ),
    (
        "/play.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/play.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
];

/// What every handler shares.
#[derive(Clone)]
struct Server {
    registry: Arc<Registry>,
    /// The worksheet file named on the command line.
    file: Option<PathBuf>,
    /// The caller's rulesets, as `GET /api/rulesets` describes them.
    described: Arc<Vec<serde_json::Value>>,
}

/// The rulesets of the caller's own (the Python package's) that each new session names:
/// a session has its own store, so each gets rulesets of its own.
pub type SessionRulesets = Arc<dyn Fn() -> UserRulesets + Send + Sync>;

/// How a worksheet server runs.
pub struct Options {
    /// A worksheet file whose cells the page runs first, and which its Save button writes.
    pub worksheet: Option<PathBuf>,
    /// Where it listens (port 0: any free port).
    pub address: SocketAddr,
    /// Whether to open the page in the desktop's browser.
    pub open: bool,
    /// The longest a cell may run.
    pub cell_limit: Duration,
    /// The most worksheets open at once.
    pub max_worksheets: usize,
    /// The caller's rulesets the cells may name.
    pub rulesets: SessionRulesets,
}

/// Runs `conway serve` until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<(), CliError> {
    let options = Options {
        worksheet: args.worksheet,
        address: SocketAddr::new(args.bind, args.port),
        open: args.open,
        cell_limit: Duration::from_secs(args.cell_seconds),
        max_worksheets: usize::try_from(args.max_worksheets).unwrap_or(usize::MAX),
        rulesets: Arc::new(UserRulesets::default),
    };
    let listening = |url: &str| {
        crate::out::emit_line(&format!(
            "Conway worksheet at {url} (Ctrl-C stops the server)"
        ))
    };
    serve(options, listening, async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// Serves the worksheet until `stop` completes; `listening` is told the page's address
/// once the server listens.
pub fn serve(
    options: Options,
    listening: impl FnOnce(&str),
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), CliError> {
    let startup = options
        .worksheet
        .as_deref()
        .map(Worksheet::load)
        .transpose()?;
    drop(startup);
    let described = (options.rulesets)().iter().map(described).collect();
    let server = Server {
        registry: Registry::new(
            options.cell_limit,
            options.max_worksheets,
            options.rulesets.clone(),
        ),
        file: options.worksheet.clone(),
        described: Arc::new(described),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError::internal(format!("cannot start the server: {e}")))?;
    runtime.block_on(async move {
        let address = options.address;
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| CliError::io(format!("cannot listen on {address}: {e}")))?;
        let address = listener
            .local_addr()
            .map_err(|e| CliError::io(format!("cannot listen on {address}: {e}")))?;
        let url = format!("http://{address}/");
        listening(&url);
        if options.open {
            open_browser(&url);
        }
        let registry = server.registry.clone();
        let served = axum::serve(listener, router(server))
            .with_graceful_shutdown(stop)
            .await
            .map_err(|e| CliError::io(format!("the server failed: {e}")));
        registry.close_all();
        served
    })
}

/// A ruleset of the caller's as `GET /api/rulesets` describes a built-in one.
fn described(ruleset: &dyn UserRuleset) -> serde_json::Value {
    let board = ruleset.board().map(|board| {
        serde_json::json!({
            "squares": board.squares,
            "row_separator": board.row_separator,
            "strip": false,
            "checkered": false,
        })
    });
    serde_json::json!({
        "name": ruleset.name(),
        "aliases": [],
        "title": ruleset.name(),
        "summary": ruleset.summary(),
        "params": [conway_rulesets::registry::Param::new(
            "position",
            conway_rulesets::registry::ParamKind::Position,
        )],
        "example": ruleset.example(),
        "limits": [],
        "loopy": false,
        "board": board,
        "pictured": false,
        "searched": false,
    })
}

/// Every route.
fn router(server: Server) -> Router {
    let mut router = Router::new();
    for &(path, kind, body) in PAGE {
        router = router.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, kind)], body) }),
        );
    }
    router
        .route("/api/worksheets", post(open_worksheet))
        .route(
            "/api/worksheets/{id}",
            axum::routing::delete(close_worksheet),
        )
        .route("/api/worksheets/{id}/cells", post(run_cell))
        .route("/api/worksheets/{id}/file", get(worksheet_file))
        .route("/api/worksheets/{id}/save", post(save_worksheet))
        .route("/api/startup", get(startup_cells))
        .route("/api/rulesets", get(rulesets))
        .route("/api/rulesets/{name}/picture", post(picture_of))
        .route("/api/rulesets/{name}/position", post(position_of))
        .route("/api/jobs/{id}", get(job_state))
        .route("/api/jobs/{id}/cancel", post(cancel_job))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

/// A failure as the CLI's JSON error object, with a status that says whose fault it is.
struct Failure(StatusCode, CliError);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let body: serde_json::Value =
            serde_json::from_str(&self.1.json()).unwrap_or(serde_json::Value::Null);
        (self.0, Json(body)).into_response()
    }
}

fn not_found(what: &str) -> Failure {
    Failure(
        StatusCode::NOT_FOUND,
        CliError::bad_input(format!(
            "no {what} of that number (the server may have restarted)"
        )),
    )
}

async fn open_worksheet(State(server): State<Server>) -> Result<Json<serde_json::Value>, Failure> {
    let id = server
        .registry
        .open()
        .map_err(|e| Failure(StatusCode::SERVICE_UNAVAILABLE, e))?;
    Ok(Json(serde_json::json!({ "worksheet": id })))
}

async fn close_worksheet(State(server): State<Server>, Path(id): Path<u64>) -> StatusCode {
    if server.registry.close(id) {
        StatusCode::NO_CONTENT
    } else {
        StatusCode::NOT_FOUND
    }
}

/// The body of a cell request.
#[derive(Deserialize)]
struct CellRequest {
    input: String,
    /// Whether the cell is one of the worksheet's (default) or a question of the page's
    /// own, such as the next move of a game being played, kept out of the saved worksheet.
    #[serde(default = "yes")]
    record: bool,
}

fn yes() -> bool {
    true
}

async fn run_cell(
    State(server): State<Server>,
    Path(id): Path<u64>,
    Json(request): Json<CellRequest>,
) -> Result<Json<serde_json::Value>, Failure> {
    let worksheet = server
        .registry
        .worksheet(id)
        .ok_or_else(|| not_found("worksheet"))?;
    let length = request.input.chars().count();
    if length > MAX_CELL_CHARS {
        return Err(Failure(
            StatusCode::PAYLOAD_TOO_LARGE,
            CliError::too_large(format!(
                "a cell of {length} characters (at most {MAX_CELL_CHARS})"
            )),
        ));
    }
    let job = server
        .registry
        .submit(&worksheet, &request.input, request.record)
        .map_err(|e| Failure(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    Ok(Json(serde_json::json!({ "job": job })))
}

/// How long a request for a job's state may wait for it to end.
#[derive(Deserialize)]
struct Wait {
    #[serde(default)]
    wait: u64,
}

/// The longest a request waits for a job, in milliseconds.
const MAX_WAIT_MS: u64 = 10_000;

async fn job_state(
    State(server): State<Server>,
    Path(id): Path<u64>,
    Query(Wait { wait }): Query<Wait>,
) -> Result<Json<jobs::JobState>, Failure> {
    let job = server.registry.job(id).ok_or_else(|| not_found("job"))?;
    let wait = Duration::from_millis(wait.min(MAX_WAIT_MS));
    Ok(Json(job.state_within(wait).await))
}

async fn cancel_job(
    State(server): State<Server>,
    Path(id): Path<u64>,
) -> Result<StatusCode, Failure> {
    let job = server.registry.job(id).ok_or_else(|| not_found("job"))?;
    job.cancel();
    Ok(StatusCode::NO_CONTENT)
}

async fn worksheet_file(
    State(server): State<Server>,
    Path(id): Path<u64>,
) -> Result<Response, Failure> {
    let cells = cells_of(&server, id)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"worksheet.json\"",
            ),
        ],
        Worksheet::new(cells).to_json(),
    )
        .into_response())
}

async fn save_worksheet(
    State(server): State<Server>,
    Path(id): Path<u64>,
) -> Result<Json<serde_json::Value>, Failure> {
    let Some(path) = server.file.clone() else {
        return Err(Failure(
            StatusCode::BAD_REQUEST,
            CliError::usage(
                "this server was started without a worksheet file: download the worksheet instead",
            ),
        ));
    };
    let cells = cells_of(&server, id)?;
    let count = cells.len();
    let sheet = Worksheet::new(cells);
    let target = path.clone();
    blocking(
        move || sheet.save(&target),
        StatusCode::INTERNAL_SERVER_ERROR,
    )
    .await?;
    Ok(Json(
        serde_json::json!({ "saved": path.display().to_string(), "cells": count }),
    ))
}

/// Every ruleset of the registry as the page draws and edits it.
async fn rulesets(State(server): State<Server>) -> Json<Vec<serde_json::Value>> {
    let mut all: Vec<serde_json::Value> = conway_rulesets::registry::descriptions()
        .iter()
        .map(|d| serde_json::to_value(d).unwrap_or(serde_json::Value::Null))
        .collect();
    all.extend(server.described.iter().cloned());
    Json(all)
}

/// How a ruleset drawn as a picture draws its position.
#[derive(Deserialize)]
struct PictureRequest {
    position: String,
}

/// A picture a ruleset writes as a position.
#[derive(Deserialize)]
struct PositionRequest {
    picture: conway_rulesets::registry::Picture,
}

/// The ruleset called `name` that draws positions as pictures.
fn pictured(name: &str) -> Result<conway_rulesets::registry::Pictured, Failure> {
    conway_rulesets::registry::ruleset(name)
        .and_then(|r| r.picture)
        .ok_or_else(|| {
            Failure(
                StatusCode::NOT_FOUND,
                CliError::bad_input(format!("no ruleset '{name}' drawn as a picture")),
            )
        })
}

/// The picture of a position, read by its ruleset (a position it refuses is a bad request,
/// with the ruleset's located message).
async fn picture_of(
    Path(name): Path<String>,
    Json(request): Json<PictureRequest>,
) -> Result<Json<serde_json::Value>, Failure> {
    let picture = (pictured(&name)?.read)(&request.position)
        .map_err(|e| Failure(StatusCode::BAD_REQUEST, e.into()))?;
    Ok(Json(serde_json::json!({ "picture": picture })))
}

/// The position a picture shows, written by its ruleset in its notation.
async fn position_of(
    Path(name): Path<String>,
    Json(request): Json<PositionRequest>,
) -> Result<Json<serde_json::Value>, Failure> {
    let position = (pictured(&name)?.write)(&request.picture)
        .map_err(|e| Failure(StatusCode::BAD_REQUEST, e.into()))?;
    Ok(Json(serde_json::json!({ "position": position })))
}

async fn startup_cells(State(server): State<Server>) -> Result<Json<serde_json::Value>, Failure> {
    let Some(path) = server.file.clone() else {
        return Ok(Json(serde_json::json!({ "file": null, "cells": [] })));
    };
    let sheet = blocking(move || Worksheet::load(&path), StatusCode::BAD_REQUEST).await?;
    let inputs: Vec<&str> = sheet.cells.iter().map(|c| c.input.as_str()).collect();
    Ok(Json(serde_json::json!({
        "file": server.file.as_ref().map(|p| p.display().to_string()),
        "cells": inputs,
    })))
}

/// The cells a worksheet has run.
fn cells_of(server: &Server, id: u64) -> Result<Vec<crate::worksheet::Cell>, Failure> {
    let worksheet = server
        .registry
        .worksheet(id)
        .ok_or_else(|| not_found("worksheet"))?;
    let cells = worksheet
        .cells
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone();
    Ok(cells)
}

/// Runs file work off the server's threads; its error answers with `status`.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, CliError> + Send + 'static,
    status: StatusCode,
) -> Result<T, Failure> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| {
            Failure(
                StatusCode::INTERNAL_SERVER_ERROR,
                CliError::internal(e.to_string()),
            )
        })?
        .map_err(|e| Failure(status, e))
}

/// Opens `url` in the desktop's browser, if there is one to ask.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener).arg(url).spawn().is_err() {
        crate::out::emit_line(&format!("(cannot start a browser: open {url} yourself)"));
    }
}
