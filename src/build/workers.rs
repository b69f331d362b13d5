//! The thread pool of one build: started on first use, only if the build
//! has more than one thread and more than one item to give it.

use std::sync::OnceLock;

use rayon::prelude::*;

/// The threads one build runs on.
pub(crate) struct Workers {
    threads: usize,
    pool: OnceLock<Option<rayon::ThreadPool>>,
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
            .get_or_init(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .build()
                    .ok()
            })
            .as_ref()
    }

    /// `f` of every item, in order, on the pool when it pays.
    pub(crate) fn map<T: Send, R: Send>(
        &self,
        items: Vec<T>,
        f: impl Fn(T) -> R + Sync + Send,
    ) -> Vec<R> {
        match self.pool() {
            Some(pool) if items.len() > 1 => {
                pool.install(|| items.into_par_iter().map(f).collect())
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
            Some(pool) => pool.install(|| rayon::join(a, b)),
            None => (a(), b()),
        }
    }
}
