//! Blockscout's keyset paging, both API generations (docs.blockscout.com "v12.0.0 -
//! Breaking changes and API updates", item 1): every list answers `items` and
//! `next_page_params`, the cursor of the next page, which the client sends back as
//! query parameters. Before v12.0.0 the cursor also echoed `items_count` (a running
//! count) and the list's `sort` / `order`; since v12.0.0 it echoes neither, and a sorted
//! list asked for its next page without `sort` / `order` comes back in the default
//! order. So every page here sends the list's own parameters again, overlaid by the
//! cursor as given (a key in both takes the cursor's value), and never `limit` (v12.0.0
//! answers 422 to it on `/internal-transactions` and `/token-transfers`). Page size is
//! left at Blockscout's default (50) in both generations.
//!
//! The wallet asks for rows by offset; cursors seen are kept ([`Cursors`]), so page n of
//! a list costs one request when page n−1 was read before.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use serde_json::value::RawValue;

/// The query parameters of a cursor, as sent.
pub(crate) type Cursor = Vec<(String, String)>;

/// A cursor's parameters from `next_page_params`: strings as they are, numbers and
/// booleans as their text, `null` as `null` (Blockscout's `NullString`), anything
/// else as its JSON text.
pub(crate) fn cursor_of(params: &BTreeMap<String, Box<RawValue>>) -> Cursor {
    params
        .iter()
        .map(|(key, value)| {
            let text = value.get().trim();
            let value = if text.starts_with('"') {
                serde_json::from_str::<String>(text).unwrap_or_default()
            } else {
                text.to_owned()
            };
            (key.clone(), value)
        })
        .collect()
}

/// The parameters of one page: the list's own, then the cursor's over them.
pub(crate) fn page_query(
    base: &[(&str, String)],
    cursor: Option<&Cursor>,
) -> Vec<(String, String)> {
    let mut query: Vec<(String, String)> = base
        .iter()
        .filter(|(key, _)| cursor.is_none_or(|c| !c.iter().any(|(k, _)| k == key)))
        .map(|(key, value)| ((*key).to_owned(), value.clone()))
        .collect();
    if let Some(cursor) = cursor {
        query.extend(cursor.iter().cloned());
    }
    query
}

/// Entries kept before the table is emptied and refilled.
const MAX_CURSORS: usize = 4096;

/// Cursors seen, by list and the rows before the page they open.
#[derive(Debug, Default)]
pub(crate) struct Cursors {
    seen: Mutex<BTreeMap<(String, u64), Cursor>>,
}

impl Cursors {
    /// The furthest known page start at or before row `offset` of `list`: the rows
    /// before it and its cursor; `(0, None)` for the first page.
    pub(crate) fn start(&self, list: &str, offset: u64) -> (u64, Option<Cursor>) {
        let seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        seen.range((list.to_owned(), 0)..=(list.to_owned(), offset))
            .next_back()
            .map_or((0, None), |((_, rows), cursor)| {
                (*rows, Some(cursor.clone()))
            })
    }

    /// Notes that the page of `list` after `rows` rows opens with `cursor`.
    pub(crate) fn put(&self, list: &str, rows: u64, cursor: &Cursor) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.len() >= MAX_CURSORS {
            seen.clear();
        }
        seen.insert((list.to_owned(), rows), cursor.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(json: &str) -> BTreeMap<String, Box<RawValue>> {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn cursors_keep_values_as_text_and_null_as_null() {
        let cursor = cursor_of(&params(
            r#"{"block_number": 22566361, "hash": "0xe3", "fiat_value": null, "items_count": 50}"#,
        ));
        assert_eq!(
            cursor,
            [
                ("block_number", "22566361"),
                ("fiat_value", "null"),
                ("hash", "0xe3"),
                ("items_count", "50"),
            ]
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
        );
    }

    #[test]
    fn list_parameters_go_out_again_and_the_cursor_wins_a_clash() {
        let base = [
            ("sort", "block_number".to_owned()),
            ("order", "asc".to_owned()),
        ];
        assert_eq!(page_query(&base, None).len(), 2);
        // A pre-v12 cursor echoes `order`; a v12 one does not.
        let old: Cursor = vec![("order".into(), "asc".into()), ("index".into(), "3".into())];
        let query = page_query(&base, Some(&old));
        assert_eq!(query.iter().filter(|(k, _)| k == "order").count(), 1);
        assert!(query.contains(&("sort".into(), "block_number".into())));
        let new: Cursor = vec![("index".into(), "3".into())];
        let query = page_query(&base, Some(&new));
        assert!(query.contains(&("order".into(), "asc".into())));
        assert!(query.contains(&("sort".into(), "block_number".into())));
    }

    #[test]
    fn the_furthest_known_page_is_where_a_walk_starts() {
        let cursors = Cursors::default();
        assert_eq!(cursors.start("a", 120), (0, None));
        let c50: Cursor = vec![("index".into(), "50".into())];
        let c100: Cursor = vec![("index".into(), "100".into())];
        cursors.put("a", 50, &c50);
        cursors.put("a", 100, &c100);
        assert_eq!(cursors.start("a", 120), (100, Some(c100)));
        assert_eq!(cursors.start("a", 99), (50, Some(c50)));
        assert_eq!(cursors.start("b", 120), (0, None));
    }
}
