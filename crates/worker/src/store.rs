//! The library's worker: IndexedDB through the `idb` crate (the thinnest
//! of the futures wrappers: a few plain types over `web-sys`, no runtime
//! of its own; `rexie` is built on it, and `indexed_db_futures` brings more
//! than this needs). Requests are served one at a time, in order.
//!
//! The database is named after the site's folder (`ludoteca games /a/`),
//! so two copies of the site on one origin keep two libraries. Version 1
//! holds two stores, keyed by game id: `games` (each [`Entry`] as JSON)
//! and `summaries` (each [`Summary`] as JSON, read whole at start). A
//! write puts both in one transaction: one game, never the library.
//! After each write the other tabs of the site are told on a
//! `BroadcastChannel` (`id tab`), so a tab showing the game follows.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use idb::{Database, Factory, ObjectStore, ObjectStoreParams, TransactionMode, TransactionResult};
use wasm_bindgen::{JsCast, JsValue};

use ludoteca_core::library::service::{self, Imported, Library};
use ludoteca_core::library::summary::{self, Summary};
use ludoteca_core::library::wire::{Answer, Ask};
use ludoteca_core::library::{Entry, backup, json};
use ludoteca_core::session::formats::saved;
use ludoteca_core::t;

/// The database's version: 1, two stores.
const DB_VERSION: u32 = 1;
const GAMES: &str = "games";
const SUMMARIES: &str = "summaries";

/// Everything the worker keeps between requests.
#[derive(Default)]
struct Worker {
    db: Option<Rc<Database>>,
    library: Library,
    /// Why the database could not be opened, once tried.
    unavailable: Option<String>,
    opened: bool,
    queue: VecDeque<Ask>,
    busy: bool,
    channel: Option<web_sys::BroadcastChannel>,
}

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::new(Worker::default());
}

/// The site's folder, from the worker's own address.
fn folder() -> String {
    let path = js_sys::global().unchecked_into::<web_sys::WorkerGlobalScope>().location().pathname();
    path.rsplit_once('/').map_or_else(|| "/".to_owned(), |(dir, _)| format!("{dir}/"))
}

/// Serves `ask`, after the requests before it; answers go to `post`.
pub fn serve(ask: Ask, post: impl Fn(Answer) + Clone + 'static) {
    let start = WORKER.with_borrow_mut(|w| {
        w.queue.push_back(ask);
        !std::mem::replace(&mut w.busy, true)
    });
    if start {
        wasm_bindgen_futures::spawn_local(async move {
            while let Some(ask) = WORKER.with_borrow_mut(|w| w.queue.pop_front()) {
                // Summaries in another language: worded again, then the
                // list drawn again (nothing said when none were).
                if ask == Ask::Reword {
                    if let Some(db) = db()
                        && let Some(answer) = reword(&db).await
                    {
                        post(answer);
                    }
                    continue;
                }
                // Records are read and written without the storage; the first
                // request that needs it opens it (and the library greets).
                let answer = if !ask.needs_storage() {
                    formats(ask)
                } else {
                    let told = post.clone();
                    match ensure_open(move |message| told(Answer::Unavailable { message })).await {
                        Ok(opened) => {
                            if let Some(opened) = opened {
                                post(opened);
                                // Once this ask is answered, the summaries
                                // kept in another language are worded again.
                                WORKER.with_borrow_mut(|w| w.queue.push_front(Ask::Reword));
                            }
                            answer(ask, &post).await
                        }
                        Err(message) => Answer::Unavailable { message },
                    }
                };
                post(answer);
            }
            WORKER.with_borrow_mut(|w| w.busy = false);
        });
    }
}

/// Words for an IndexedDB error: the browser's own words are not shown
/// (naming every error the crate knows costs kilobytes of text); a full
/// storage is the error a player can act on.
fn words(error: &idb::Error) -> String {
    let quota = match error {
        idb::Error::DomException(e) => e.name() == "QuotaExceededError",
        _ => false,
    };
    if quota { t!("the browser's storage is full") } else { t!("the browser refused") }
}

/// What a tab hears when another tab's older version holds the library
/// open, and this one (a newer version) must wait for it.
fn blocked_words() -> String {
    t!(
        "Another tab of Ludoteca, an older version, holds the game library: reload or close it, and My games opens here at once."
    )
}

/// What a tab hears when another tab's newer version needs the library.
fn newer_words() -> String {
    t!(
        "A newer version of Ludoteca has opened the game library in another tab: reload this page to keep your games in it (until then this tab keeps none)."
    )
}

/// Opens the library; `blocked` is called when another tab holds it open
/// in an older version (the opening waits until that tab lets go).
async fn open(name: &str, blocked: impl FnOnce() + 'static) -> Result<Database, idb::Error> {
    let factory = Factory::new()?;
    let mut request = factory.open(name, Some(DB_VERSION))?;
    request.on_blocked(move |_| blocked());
    request.on_upgrade_needed(|event| {
        use idb::DatabaseEvent as _;
        if let Ok(db) = event.database() {
            for store in [GAMES, SUMMARIES] {
                if !db.store_names().iter().any(|s| s == store) {
                    let _ = db.create_object_store(store, ObjectStoreParams::new());
                }
            }
        }
    });
    let mut db = request.await?;
    // A newer version asks for the library: this one lets go at once (or the
    // newer tab would wait forever), and says so on its next request.
    db.on_version_change(|_| {
        WORKER.with_borrow_mut(|w| {
            if let Some(db) = w.db.take() {
                db.close();
            }
            w.unavailable = Some(newer_words());
        });
    });
    Ok(db)
}

/// Opens the database and reads every summary, once: the greeting the
/// first time, nothing after.
async fn ensure_open(blocked: impl FnOnce(String) + 'static) -> Result<Option<Answer>, String> {
    if let Some(why) = WORKER.with_borrow(|w| w.unavailable.clone()) {
        return Err(why);
    }
    if WORKER.with_borrow(|w| w.opened) {
        return Ok(None);
    }
    let folder = folder();
    let db = match open(&ludoteca_core::library::library_name(&folder), move || blocked(blocked_words())).await {
        Ok(db) => db,
        Err(e) => {
            let why = t!("This browser keeps no games here ({reason}): games are not kept.", reason = words(&e));
            WORKER.with_borrow_mut(|w| w.unavailable = Some(why.clone()));
            return Err(why);
        }
    };
    let stored =
        read_summaries(&db).await.map_err(|e| t!("The library could not be read: {reason}.", reason = words(&e)))?;
    let (library, skipped) = Library::load(stored);
    // Games deleted a day ago or more are gone for good now; a game deleted
    // since may still be brought back by the Undo of the tab that deleted it.
    let deleted = library.deleted();
    let gone = if deleted.is_empty() {
        Vec::new()
    } else {
        purge(&db, &deleted, js_sys::Date::now() - service::DELETED_KEPT_MS).await.unwrap_or_default()
    };
    let channel = web_sys::BroadcastChannel::new(&ludoteca_core::library::library_name(&folder)).ok();
    WORKER.with_borrow_mut(|w| {
        w.library = library;
        for id in &gone {
            w.library.remove(id);
        }
        w.db = Some(Rc::new(db));
        w.opened = true;
        w.channel = channel;
    });
    let games = WORKER.with_borrow(|w| w.library.len());
    if let Some(db) = self::db() {
        wasm_bindgen_futures::spawn_local(picture_old_summaries(db));
    }
    let skipped = skipped.into_iter().map(|id| t!("a game whose entry is damaged ({id})", id = id)).collect();
    Ok(Some(Answer::Opened { games: u32::try_from(games).unwrap_or(u32::MAX), skipped }))
}

/// The summaries written in another language than the one now chosen,
/// worked out again in it, a batch at a time (the list's search reads
/// them too).
async fn reword(db: &Database) -> Option<Answer> {
    let ids = WORKER.with_borrow(|w| w.library.worded_otherwise(ludoteca_core::i18n::current()));
    if ids.is_empty() {
        return None;
    }
    for batch in ids.chunks(PICTURE_BATCH) {
        match resummarize(db, batch).await {
            Ok(summaries) => WORKER.with_borrow_mut(|w| {
                for summary in summaries {
                    w.library.keep_pictured(summary);
                }
            }),
            Err(e) => return Some(failed(words(&e))),
        }
    }
    Some(Answer::Changed)
}

/// Whether this worker has opened the library (the library's worker, not
/// a search worker).
#[must_use]
pub fn opened() -> bool {
    WORKER.with_borrow(|w| w.opened)
}

/// How many old summaries are worked out again in one transaction.
const PICTURE_BATCH: usize = 50;

/// Summaries kept before the list's pictures (version 1: no `spec` nor
/// `cells`) are worked out again from their games, a batch at a time, in
/// the background once the library has opened: until then the list shows
/// those games without a picture. A game written meanwhile keeps the
/// summary of that write.
async fn picture_old_summaries(db: Rc<Database>) {
    let ids = WORKER.with_borrow(|w| w.library.unpictured());
    for batch in ids.chunks(PICTURE_BATCH) {
        let Ok(summaries) = resummarize(&db, batch).await else { return };
        WORKER.with_borrow_mut(|w| {
            for summary in summaries {
                w.library.keep_pictured(summary);
            }
        });
    }
}

/// Works out the summaries of `ids` again from their entries, and writes
/// them, in one transaction (a game written meanwhile by another tab is
/// read as written).
async fn resummarize(db: &Database, ids: &[String]) -> Result<Vec<Summary>, idb::Error> {
    let tx = db.transaction(&[GAMES, SUMMARIES], TransactionMode::ReadWrite)?;
    let (entries, summaries) = (tx.object_store(GAMES)?, tx.object_store(SUMMARIES)?);
    let mut out = Vec::new();
    for entry in read_entries(&entries, ids).await?.into_iter().flatten() {
        if let Some(summary) = summary::summarize(&entry) {
            let key = JsValue::from_str(&entry.id);
            summaries.put(&JsValue::from_str(&json::of_summary(&summary).text(false)), Some(&key))?.await?;
            out.push(summary);
        }
    }
    tx.commit()?.await?;
    Ok(out)
}

async fn read_summaries(db: &Database) -> Result<Vec<(String, String)>, idb::Error> {
    let tx = db.transaction(&[SUMMARIES], TransactionMode::ReadOnly)?;
    let store = tx.object_store(SUMMARIES)?;
    let keys = store.get_all_keys(None, None)?.await?;
    let values = store.get_all(None, None)?.await?;
    Ok(keys
        .iter()
        .zip(values.iter())
        .map(|(k, v)| (k.as_string().unwrap_or_default(), v.as_string().unwrap_or_default()))
        .collect())
}

async fn get(db: &Database, id: &str) -> Result<Option<Entry>, idb::Error> {
    Ok(get_many(db, &[id.to_owned()]).await?.pop().flatten())
}

/// The entries of `ids`, in order (`None` for an id the library does not
/// have, or an entry that does not read), in one transaction.
async fn get_many(db: &Database, ids: &[String]) -> Result<Vec<Option<Entry>>, idb::Error> {
    let tx = db.transaction(&[GAMES], TransactionMode::ReadOnly)?;
    read_entries(&tx.object_store(GAMES)?, ids).await
}

/// The entries of `ids` in `store` (the games), in order: `None` for an id
/// it does not have, or an entry that does not read.
async fn read_entries(store: &ObjectStore, ids: &[String]) -> Result<Vec<Option<Entry>>, idb::Error> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let value = store.get(JsValue::from_str(id))?.await?;
        out.push(
            value
                .and_then(|v| v.as_string())
                .and_then(|text| json::Obj::parse(&text).and_then(|o| json::entry(&o)).ok()),
        );
    }
    Ok(out)
}

/// Reads the entries of `ids` (in order; `None` for an id the library does
/// not have, or an entry that does not read) and writes what `decide` makes
/// of them, entries and summaries, in one transaction; gives back what was
/// written and `decide`'s other answer.
///
/// The one rule for every change of a stored game: read and write in one
/// read-write transaction. IndexedDB runs read-write transactions over the
/// same stores one after another, whichever tab's worker asks, so another
/// tab's write can never fall between a read and the write made from it
/// (two writes read in two transactions lost the first one).
async fn update<T>(
    db: &Database,
    ids: &[String],
    decide: impl FnOnce(Vec<Option<Entry>>) -> (Vec<(Entry, Summary)>, T),
) -> Result<(Vec<(Entry, Summary)>, T), idb::Error> {
    let tx = db.transaction(&[GAMES, SUMMARIES], TransactionMode::ReadWrite)?;
    let (entries, summaries) = (tx.object_store(GAMES)?, tx.object_store(SUMMARIES)?);
    let stored = read_entries(&entries, ids).await?;
    let (games, answer) = decide(stored);
    for (entry, summary) in &games {
        let key = JsValue::from_str(&entry.id);
        entries.put(&JsValue::from_str(&json::of_entry(entry).text(false)), Some(&key))?.await?;
        summaries.put(&JsValue::from_str(&json::of_summary(summary).text(false)), Some(&key))?.await?;
    }
    match tx.commit()?.await? {
        TransactionResult::Committed => Ok((games, answer)),
        TransactionResult::Aborted => {
            Err(idb::Error::TransactionCommitError(JsValue::from_str("the write was refused")))
        }
    }
}

/// Deletes for good those of `ids` still deleted, and deleted before
/// `before`, reading each in the same transaction (another tab may have
/// brought one back meanwhile); gives back the ids deleted.
async fn purge(db: &Database, ids: &[String], before: f64) -> Result<Vec<String>, idb::Error> {
    let tx = db.transaction(&[GAMES, SUMMARIES], TransactionMode::ReadWrite)?;
    let (entries, summaries) = (tx.object_store(GAMES)?, tx.object_store(SUMMARIES)?);
    let mut gone = Vec::new();
    for (id, entry) in ids.iter().zip(read_entries(&entries, ids).await?) {
        let key = JsValue::from_str(id);
        if entry.is_some_and(|e| e.deleted.is_some_and(|at| at < before)) {
            entries.delete(key.clone())?.await?;
            summaries.delete(key)?.await?;
            gone.push(id.clone());
        }
    }
    tx.commit()?.await?;
    Ok(gone)
}

fn db() -> Option<Rc<Database>> {
    WORKER.with_borrow(|w| w.db.clone())
}

fn failed(message: String) -> Answer {
    Answer::Failed { message }
}

/// Changes one stored game as `decide` says, in one transaction
/// ([`update`]): its summary kept in memory, the other tabs told. `decide`
/// gets the stored entry (if any) and gives the entry and summary to write,
/// or why nothing is written.
async fn change_one(
    db: &Database,
    id: &str,
    tab: u64,
    decide: impl FnOnce(Option<Entry>) -> Result<(Entry, Summary), String>,
) -> Result<Entry, String> {
    let decided = update(db, &[id.to_owned()], |mut stored| match decide(stored.pop().flatten()) {
        Ok(write) => (vec![write], None),
        Err(why) => (Vec::new(), Some(why)),
    })
    .await;
    let (mut written, refused) =
        decided.map_err(|e| t!("The game could not be kept: {reason}.", reason = words(&e)))?;
    if let Some(why) = refused {
        return Err(why);
    }
    let (entry, summary) = written.pop().ok_or_else(|| t!("The game was not kept."))?;
    WORKER.with_borrow_mut(|w| {
        w.library.keep(summary);
        if let Some(channel) = &w.channel {
            let _ = channel.post_message(&JsValue::from_str(&format!("{id} {tab}")));
        }
    });
    Ok(entry)
}

/// The answer to `ask`, the library open; `post` tells the page how a
/// long request goes meanwhile.
async fn answer(ask: Ask, post: &impl Fn(Answer)) -> Answer {
    let Some(db) = db() else { return Answer::Unavailable { message: "no library".to_owned() } };
    match ask {
        Ask::PutText { id, text, origin, at } => {
            let (kept, _) = saved::kept_of(&text);
            Box::pin(answer(Ask::Put { id, kept, origin, at, tab: 0, base: None }, post)).await
        }
        Ask::Put { id, kept, origin, at, tab, base } => {
            // Too long to keep whatever is stored: said as such, never as
            // a storage that refused.
            if let Some(message) = service::too_long(&kept) {
                return Answer::NotKept { id, message };
            }
            let put = |stored| {
                service::put(stored, &id, &kept, origin, at, base)
                    .map_err(|why| t!("The game was not kept: {why}.", why = why))
            };
            match change_one(&db, &id, tab, put).await {
                Ok(entry) => Answer::Saved { rev: entry.rev, id, at },
                Err(message) => failed(message),
            }
        }
        Ask::Get { id } => match get(&db, &id).await {
            Ok(entry) => {
                let (kept, notices, rev) = match entry.filter(|e| e.deleted.is_none()) {
                    Some(entry) => {
                        let (kept, notices) = saved::kept_of(&entry.text);
                        (Some(kept), notices, entry.rev)
                    }
                    None => (None, Vec::new(), 0),
                };
                Answer::Game { id, kept, notices, rev }
            }
            Err(e) => failed(t!("The game could not be read: {reason}.", reason = words(&e))),
        },
        Ask::List { filter, limit, compact, offset_min, backed_up } => {
            WORKER.with_borrow(|w| w.library.list(&filter, limit, compact, offset_min, backed_up))
        }
        Ask::Star { id, on } => change(&db, &id, |e| e.starred = on).await,
        Ask::Delete { id, at } => change(&db, &id, |e| e.deleted = Some(at)).await,
        Ask::Restore { id } => change(&db, &id, |e| e.deleted = None).await,
        Ask::Export { id, at, sgf } => export(&db, id, at, sgf).await,
        Ask::ReadRecord { .. } | Ask::WriteRecord { .. } => formats(ask),
        Ask::Import { text, at: _ } => import(&db, &text, post).await,
        // (Served before the others: see `serve`.)
        Ask::Reword => Answer::Changed,
    }
}

/// A backup of every game (`id` none) or of one, or the Lines of Action
/// games as one SGF file.
async fn export(db: &Database, id: Option<String>, at: f64, sgf: bool) -> Answer {
    let ids = match &id {
        Some(id) => vec![id.clone()],
        None => WORKER.with_borrow(|w| w.library.ids()),
    };
    let games: Vec<Entry> = match get_many(db, &ids).await {
        Ok(games) => games.into_iter().flatten().filter(|g| g.deleted.is_none()).collect(),
        Err(e) => return failed(t!("The games could not be read: {reason}.", reason = words(&e))),
    };
    let offset_min = js_sys::Date::new_0().get_timezone_offset() as i32;
    let name = service::backup_name(id.as_deref(), at, offset_min, sgf);
    let text = if sgf {
        let (text, count) = service::sgf_collection(&games);
        if count == 0 {
            return failed(t!("There is no Lines of Action game to write as SGF."));
        }
        text
    } else {
        backup::write(&games, at)
    };
    Answer::Backup { name, text, all: id.is_none() && !sgf, sgf }
}

/// A backup file read into the library: new games added, known ones merged.
/// How many games of a backup are checked and written in one transaction.
const IMPORT_BATCH: usize = 500;

/// Reads a backup in: a batch of games at a time, each batch decided and
/// written in one transaction from what is stored (a game of it the
/// library has is merged, a game with another game's id kept beside it),
/// the page told the count after each. A batch that cannot be written
/// stops the import: the batches before it stay, and the answer says how
/// many games were kept.
async fn import(db: &Database, text: &str, post: &impl Fn(Answer)) -> Answer {
    let mut reading = match backup::open(text) {
        Ok(reading) => reading,
        Err(message) => return Answer::NotABackup { message },
    };
    let (mut added, mut merged, mut beside, mut problems) = (0, 0, 0, Vec::new());
    let total = u32::try_from(reading.total()).unwrap_or(u32::MAX);
    while !reading.finished() {
        let contents = reading.next(IMPORT_BATCH);
        problems.extend(contents.problems);
        let ids: Vec<String> = contents.games.iter().map(|g| g.id.clone()).collect();
        // What to write is decided from what is stored, in the same transaction.
        let decide = |stored: Vec<Option<Entry>>| {
            let (mut batch, mut counts) = (Vec::new(), (0, 0, 0));
            for ((incoming, checked), stored) in contents.games.into_iter().zip(contents.summaries).zip(stored) {
                let fresh = || ludoteca_core::library::new_id(random_u64());
                match service::import_one(stored.as_ref(), incoming, checked, fresh) {
                    Ok(Imported::Added(entry, summary)) => {
                        counts.0 += 1;
                        batch.push((entry, summary));
                    }
                    Ok(Imported::Merged(entry, summary)) => {
                        counts.1 += 1;
                        batch.push((entry, summary));
                    }
                    Ok(Imported::Beside(entry, summary)) => {
                        counts.2 += 1;
                        batch.push((entry, summary));
                    }
                    Ok(Imported::Known) => {}
                    Err(problem) => problems.push(problem),
                }
            }
            (batch, counts)
        };
        let (batch, (a, m, b)) = match update(db, &ids, decide).await {
            Ok(written) => written,
            Err(e) => {
                let kept = added + merged + beside;
                return failed(t!(
                    "The backup could not be kept whole: {reason}. {kept} of its games were kept before that ({added} new, {merged} merged); import it again once there is room, the rest will follow.",
                    reason = words(&e),
                    kept = kept,
                    added = added,
                    merged = merged
                ));
            }
        };
        (added, merged, beside) = (added + a, merged + m, beside + b);
        WORKER.with_borrow_mut(|w| batch.into_iter().for_each(|(_, s)| w.library.keep(s)));
        if !reading.finished() {
            post(Answer::Importing { done: u32::try_from(reading.done()).unwrap_or(u32::MAX), total });
        }
    }
    Answer::Imported { added, merged, beside, problems }
}

/// 64 random bits from the browser's random source, for a new game id.
fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    let scope = js_sys::global().dyn_into::<web_sys::WorkerGlobalScope>().ok();
    let crypto = scope.and_then(|s| s.crypto().ok());
    if crypto.is_some_and(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok()) {
        return u64::from_le_bytes(bytes);
    }
    // (No crypto: the clock and Math.random, which suffice to tell two games apart.)
    (js_sys::Math::random() * 2f64.powi(53)) as u64 ^ (js_sys::Date::now() as u64).rotate_left(40)
}

/// Reads or writes a record.
fn formats(ask: Ask) -> Answer {
    match ask {
        Ask::ReadRecord { text, screen, pick } => service::read_record(&text, &screen, pick),
        Ask::WriteRecord { kept, sgf } => match service::write_record(&kept, sgf) {
            Ok((name, text)) => Answer::Written { name, text, sgf },
            Err(message) => failed(message),
        },
        _ => failed("not a record".to_owned()),
    }
}

/// Changes one entry (star, delete, restore) and keeps it.
async fn change(db: &Database, id: &str, edit: impl FnOnce(&mut Entry)) -> Answer {
    let edited = |stored: Option<Entry>| {
        let mut entry = stored.ok_or_else(|| t!("That game is no longer in the library."))?;
        edit(&mut entry);
        let summary = summary::summarize(&entry).ok_or_else(|| t!("That game cannot be read."))?;
        Ok((entry, summary))
    };
    match change_one(db, id, 0, edited).await {
        Ok(_) => Answer::Changed,
        Err(message) => failed(message),
    }
}
