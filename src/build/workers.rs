//! The thread pool of one build: taken on first use, only if the build
//! has more than one thread and more than one item to give it. Pools are
//! kept for the life of the process, one per thread count, so a program
//! that builds again and again (a watcher, a benchmark) does not start
//! threads for every build, and concurrent builds with the same count
//! share its threads.

use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

/// The process's pool of `threads` threads, started the first time one is
/// asked for (`None` if it cannot be started).
fn shared_pool(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    // A panic elsewhere while the list was held leaves it intact.
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Some(Arc::clone(pool));
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .ok()?,
    );
    pools.push((threads, Arc::clone(&pool)));
    Some(pool)
}

/// The threads one build runs on.
pub(crate) struct Workers {
    threads: usize,
    pool: OnceLock<Option<Arc<rayon::ThreadPool>>>,
}

impl Workers {
    /// Up to `threads` threads (1: everything on the calling thread).
    pub(crate) fn new(threads: usize) -> Self {
        Workers {
            threads: threads.max(1),
            pool: OnceLock::new(),
        }
    }

    /// The pool, started on first use (none if one thread will do or it
    /// cannot be started: then everything runs on the calling thread).
    fn pool(&self) -> Option<&rayon::ThreadPool> {
        if self.threads <= 1 {
            return None;
        }
        self.pool
            .get_or_init(|| shared_pool(self.threads))
            .as_deref()
    }

    /// `f` of every item, in order, on the pool when it pays.
    pub(crate) fn map<T: Send, R: Send>(
        &self,
        items: Vec<T>,
        f: impl Fn(T) -> R + Sync + Send,
    ) -> Vec<R> {
        match self.pool() {
            Some(pool) if items.len() > 1 => {
                // Each item and result in its own slot, so that the pool
                // only ever runs `run(index)`: rayon's machinery is then
                // compiled once, not once per call site and item type.
                let inputs: Vec<Mutex<Option<T>>> =
                    items.into_iter().map(|t| Mutex::new(Some(t))).collect();
                let outputs: Vec<Mutex<Option<R>>> =
                    inputs.iter().map(|_| Mutex::new(None)).collect();
                let run = |i: usize| {
                    if let Some(item) = take(&inputs[i]) {
                        let result = f(item);
                        *lock(&outputs[i]) = Some(result);
                    }
                };
                for_each_index(pool, inputs.len(), &run);
                outputs
                    .into_iter()
                    .map(|slot| {
                        slot.into_inner()
                            .unwrap_or_else(|e| e.into_inner())
                            .expect("the pool runs every index once")
                    })
                    .collect()
            }
            _ => items.into_iter().map(f).collect(),
        }
    }

    /// `a()` and `b()`, side by side on the pool if there is one.
    pub(crate) fn join<A: Send, B: Send>(
        &self,
        a: impl FnOnce() -> A + Send,
        b: impl FnOnce() -> B + Send,
    ) -> (A, B) {
        match self.pool() {
            Some(pool) => {
                let (mut a, mut b) = (Some(a), Some(b));
                let (mut ra, mut rb) = (None, None);
                join_erased(pool, &mut || ra = a.take().map(|a| a()), &mut || {
                    rb = b.take().map(|b| b())
                });
                (
                    ra.expect("join runs both sides"),
                    rb.expect("join runs both sides"),
                )
            }
            None => (a(), b()),
        }
    }
}

/// `run(i)` for every `i` below `n`, on `pool`.
fn for_each_index(pool: &rayon::ThreadPool, n: usize, run: &(dyn Fn(usize) + Sync)) {
    pool.install(|| (0..n).into_par_iter().for_each(run));
}

/// `a()` and `b()` side by side on `pool`.
fn join_erased(
    pool: &rayon::ThreadPool,
    a: &mut (dyn FnMut() + Send),
    b: &mut (dyn FnMut() + Send),
) {
    pool.install(|| rayon::join(a, b));
}

fn lock<T>(slot: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic in `f` is re-raised by the pool; the slot itself is intact.
    slot.lock().unwrap_or_else(|e| e.into_inner())
}

fn take<T>(slot: &Mutex<Option<T>>) -> Option<T> {
    lock(slot).take()
}
