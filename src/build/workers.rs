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

    /// `f` of every item, in order, on the pool when it pays.
    pub(crate) fn map<T: Send, R: Send>(
        &self,
        items: Vec<T>,
        f: impl Fn(T) -> R + Sync + Send,
    ) -> Vec<R> {
        if items.len() <= 1 || self.threads <= 1 {
            return items.into_iter().map(f).collect();
        }
        let pool = self.pool.get_or_init(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .build()
                .ok()
        });
        match pool {
            Some(pool) => pool.install(|| items.into_par_iter().map(f).collect()),
            None => items.into_iter().map(f).collect(),
        }
    }
}
