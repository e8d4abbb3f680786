//! What lists read of an NFT's metadata: the document cut down to the keys
//! [`parse_nft_metadata`](super::parse_nft_metadata) looks at (name, description,
//! attributes, media links and their type hints). The indexer stores it beside the
//! document when it fetches one, so a list of thousands of NFTs reads a few hundred bytes
//! each instead of documents of up to a megabyte; it reads to exactly the same details.

use serde_json::{Map, Value};

use super::INVALID_METADATA;

/// The keys the details are read from.
const SHOWN: [&str; 11] = [
    "name",
    "description",
    "attributes",
    "image",
    "image_url",
    "imageUrl",
    "animation_url",
    "animationUrl",
    "mime_type",
    "mimeType",
    "content_type",
];
/// The type hints read under `properties`.
const HINTS: [&str; 3] = ["mime_type", "mimeType", "content_type"];

/// `document` cut down to what is shown; [`INVALID_METADATA`] when it is not a JSON
/// object (so the list says "invalid" exactly when the details do).
#[must_use]
pub fn metadata_preview(document: &str) -> String {
    let Ok(Value::Object(object)) = serde_json::from_str::<Value>(document) else {
        return INVALID_METADATA.to_owned();
    };
    let mut kept: Map<String, Value> = SHOWN
        .iter()
        .filter_map(|key| Some(((*key).to_owned(), object.get(*key)?.clone())))
        .collect();
    if let Some(Value::Object(properties)) = object.get("properties") {
        let hints: Map<String, Value> = HINTS
            .iter()
            .filter_map(|key| Some(((*key).to_owned(), properties.get(*key)?.clone())))
            .collect();
        if !hints.is_empty() {
            kept.insert("properties".to_owned(), Value::Object(hints));
        }
    }
    Value::Object(kept).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nft::{IpfsGateway, parse_nft_metadata};

    #[test]
    fn a_preview_reads_to_the_same_details_and_drops_the_rest() {
        let gateway = IpfsGateway::new("https://ipfs.example/ipfs/").unwrap();
        let documents = [
            r#"{"name":"Ape","description":"d","image":"ipfs://Qm/1.png","attributes":[{"trait_type":"Fur","value":"gold"}],"blob":"xxxxxxxx"}"#,
            r#"{"name":7,"image":"https://x/c.png","animation_url":"https://x/a.mp3","properties":{"mimeType":"audio/mpeg","files":[1,2,3]}}"#,
            r#"{"imageUrl":"https://x/v","mime_type":"video/mp4","attributes":{"Size":"L"}}"#,
            r#"{"image_url":"https://x/i","animationUrl":"https://x/m.glb","content_type":"image/png"}"#,
            r#"{}"#,
        ];
        for document in documents {
            let preview = metadata_preview(document);
            assert_eq!(
                parse_nft_metadata(Some(&preview), None, &gateway),
                parse_nft_metadata(Some(document), None, &gateway),
                "{document}"
            );
            assert!(
                !preview.contains("blob") && !preview.contains("files"),
                "{preview}"
            );
        }
        for invalid in ["not json", "[1,2]", "\"text\"", INVALID_METADATA] {
            assert_eq!(metadata_preview(invalid), INVALID_METADATA);
        }
    }
}
