//! [`Readers`]: a few read-only connections to one SQLite file, lent one per read. In
//! WAL mode readers do not block each other or the writer, so concurrent reads (a
//! server answering many requests) run side by side instead of queueing behind one
//! connection; a read waits only while every connection is lent out.

use std::sync::{Condvar, Mutex};

use crate::store::StoreError;

/// Connections (or anything else lent one caller at a time), most recently returned
/// first, so a lightly loaded store keeps reading through the one warm page cache.
#[derive(Debug)]
pub(super) struct Readers<C> {
    idle: Mutex<Vec<C>>,
    returned: Condvar,
}

impl<C> Readers<C> {
    /// A pool lending `connections` (at least one, or every read would wait forever).
    pub(super) fn new(connections: Vec<C>) -> Self {
        Self {
            idle: Mutex::new(connections),
            returned: Condvar::new(),
        }
    }

    /// Runs `work` with a connection of its own, waiting for one if all are lent out.
    /// The connection comes back when `work` ends, even by a panic.
    ///
    /// # Errors
    /// [`StoreError::Poisoned`] when the pool's lock was poisoned.
    pub(super) fn with<T>(&self, work: impl FnOnce(&C) -> T) -> Result<T, StoreError> {
        let mut idle = self.idle.lock().map_err(|_| StoreError::Poisoned)?;
        let connection = loop {
            if let Some(connection) = idle.pop() {
                break connection;
            }
            idle = self.returned.wait(idle).map_err(|_| StoreError::Poisoned)?;
        };
        drop(idle);
        let lease = Lease {
            readers: self,
            connection: Some(connection),
        };
        // Always Some here: only the drop takes it.
        let connection = lease.connection.as_ref().ok_or(StoreError::Poisoned)?;
        Ok(work(connection))
    }
}

/// A lent connection, returned on drop.
struct Lease<'r, C> {
    readers: &'r Readers<C>,
    connection: Option<C>,
}

impl<C> Drop for Lease<'_, C> {
    fn drop(&mut self) {
        let Some(connection) = self.connection.take() else {
            return;
        };
        // Only this module holds the lock, never across a call that can panic; if it
        // were poisoned all the same, the pool is lost anyway (every read fails).
        if let Ok(mut idle) = self.readers.idle.lock() {
            idle.push(connection);
        }
        self.readers.returned.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    #[test]
    fn reads_hold_connections_of_their_own_at_once() {
        let readers = Arc::new(Readers::new(vec![1, 2]));
        let (first_in, first_holds) = mpsc::channel();
        let (second_in, second_holds) = mpsc::channel();
        let first = {
            let readers = Arc::clone(&readers);
            std::thread::spawn(move || {
                readers
                    .with(|connection| {
                        first_in.send(*connection).unwrap();
                        // Released only once the second read holds its own connection.
                        second_holds.recv_timeout(Duration::from_secs(10)).unwrap()
                    })
                    .unwrap()
            })
        };
        let held = first_holds.recv_timeout(Duration::from_secs(10)).unwrap();
        let other = readers
            .with(|connection| {
                second_in.send(*connection).unwrap();
                *connection
            })
            .unwrap();
        assert_ne!(held, other);
        assert_eq!(first.join().unwrap(), other);
    }

    #[test]
    fn a_read_waits_for_a_connection_and_gets_it_back_after_a_panic() {
        let readers = Arc::new(Readers::new(vec!["only"]));
        let (lent, wait) = mpsc::channel();
        let (release, released) = mpsc::channel::<()>();
        let holder = {
            let readers = Arc::clone(&readers);
            std::thread::spawn(move || {
                readers.with(|_| {
                    lent.send(()).unwrap();
                    released.recv_timeout(Duration::from_secs(10)).unwrap();
                    panic!("a read that panics");
                })
            })
        };
        wait.recv_timeout(Duration::from_secs(10)).unwrap();
        let waiter = {
            let readers = Arc::clone(&readers);
            std::thread::spawn(move || readers.with(|connection| *connection).unwrap())
        };
        std::thread::sleep(Duration::from_millis(50));
        assert!(!waiter.is_finished(), "the only connection is lent out");
        release.send(()).unwrap();
        assert!(holder.join().is_err());
        assert_eq!(waiter.join().unwrap(), "only");
        assert_eq!(readers.with(|connection| *connection).unwrap(), "only");
    }
}
