//! How an NFT is shown (spec §3 "NFT"): the source's record plus its metadata read by
//! the domain. Metadata that is missing or unreadable never fails a request: the row
//! says so in `metadataStatus` and falls back to a name built from the token id.

use alloy_primitives::{Address, U256};
use serde::Serialize;
use serde_json::Value;
use tandem_domain::nft::{
    INVALID_METADATA, IpfsGateway, MediaType, NftStandard, parse_nft_metadata,
};
use tandem_evm::source::NftRecord;
use utoipa::ToSchema;

/// Whether the metadata could be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MetadataStatus {
    /// A JSON object was read.
    Ok,
    /// Metadata exists but is not a JSON object (or the indexer marked it invalid).
    Invalid,
    /// No metadata could be fetched.
    Missing,
}

/// What the NFT shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaKind {
    /// A picture.
    Image,
    /// A video.
    Video,
    /// Audio, possibly with a cover picture.
    Audio,
    /// Nothing showable.
    Unknown,
}

impl From<MediaType> for MediaKind {
    fn from(media: MediaType) -> Self {
        match media {
            MediaType::Image => Self::Image,
            MediaType::Video => Self::Video,
            MediaType::Audio => Self::Audio,
            MediaType::Unknown => Self::Unknown,
        }
    }
}

/// The NFT standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum NftInterface {
    /// ERC-721.
    Erc721,
    /// ERC-1155.
    Erc1155,
}

impl From<NftStandard> for NftInterface {
    fn from(standard: NftStandard) -> Self {
        match standard {
            NftStandard::Erc721 => Self::Erc721,
            NftStandard::Erc1155 => Self::Erc1155,
        }
    }
}

/// One attribute: `trait_type` as label, `value` as text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct NftAttributeView {
    /// The trait type (empty when not given).
    pub label: String,
    /// The value as text.
    pub text: String,
}

/// One NFT as lists and the details page show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NftView {
    /// Collection contract (EIP-55).
    pub contract_address: String,
    /// Collection name, when known.
    pub contract_pretty_name: Option<String>,
    /// Token id, decimal.
    pub token_id: String,
    /// ERC-721 or ERC-1155.
    pub nft_interface: NftInterface,
    /// Amount held (1 for ERC-721), decimal.
    pub amount: String,
    /// Owner (ERC-721), when known.
    pub owner: Option<String>,
    /// Supply of this id (ERC-1155), decimal, when known.
    pub supply: Option<String>,
    /// Token URI as the contract returns it (IPFS rewritten through the gateway).
    pub token_uri: Option<String>,
    /// Minter, when known.
    pub minter: Option<String>,
    /// Block minted, when known.
    pub block_minted: Option<u64>,
    /// Last change, ms since the epoch, when known.
    pub updated: Option<u64>,
    /// Name to show: the metadata's name, else `#<tokenId>`.
    pub name: String,
    /// Description from the metadata.
    pub description: Option<String>,
    /// Media kind.
    pub media_type: MediaKind,
    /// Picture (or audio cover).
    pub img_src: Option<String>,
    /// Video.
    pub video_src: Option<String>,
    /// Audio.
    pub audio_src: Option<String>,
    /// Attributes from `trait_type` / `value`.
    pub attributes: Vec<NftAttributeView>,
    /// Whether the metadata could be read (fallback fields otherwise).
    pub metadata_status: MetadataStatus,
}

impl NftView {
    /// The view with its media links as the browser should load them (`link`: the
    /// network's media proxy).
    #[must_use]
    pub fn linked(mut self, link: impl Fn(&str) -> String) -> Self {
        for src in [&mut self.img_src, &mut self.video_src, &mut self.audio_src] {
            *src = src.as_deref().map(&link);
        }
        self
    }
}

/// Whether `metadata` is a readable JSON object.
#[must_use]
pub fn metadata_status(metadata: Option<&str>) -> MetadataStatus {
    match metadata {
        None => MetadataStatus::Missing,
        Some(text) if text.trim().is_empty() => MetadataStatus::Missing,
        Some(INVALID_METADATA) => MetadataStatus::Invalid,
        Some(text) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(_)) => MetadataStatus::Ok,
            _ => MetadataStatus::Invalid,
        },
    }
}

fn checksum(address: Address) -> String {
    address.to_checksum(None)
}

/// The view of `record` in a collection named `collection_name`.
#[must_use]
pub fn nft_view(
    record: &NftRecord,
    collection_name: Option<&str>,
    gateway: &IpfsGateway,
) -> NftView {
    let details = parse_nft_metadata(record.metadata.as_deref(), None, gateway);
    let token_id = record.token_id.to_string();
    NftView {
        contract_address: checksum(record.contract),
        contract_pretty_name: collection_name.map(str::to_owned),
        nft_interface: record.standard.into(),
        amount: record.amount.to_string(),
        owner: record.owner.map(checksum),
        supply: record.supply.as_ref().map(U256::to_string),
        token_uri: record.token_uri.as_deref().map(|uri| gateway.rewrite(uri)),
        minter: record.minter.map(checksum),
        block_minted: record.block_minted,
        updated: record.updated_ms,
        name: details.name.unwrap_or_else(|| format!("#{token_id}")),
        token_id,
        description: details.description,
        media_type: details.media_type.into(),
        img_src: details.img_src,
        video_src: details.video_src,
        audio_src: details.audio_src,
        attributes: details
            .attributes
            .into_iter()
            .map(|a| NftAttributeView {
                label: a.label,
                text: a.text,
            })
            .collect(),
        metadata_status: metadata_status(record.metadata.as_deref()),
    }
}

/// True when `needle` (lower case, trimmed, non-empty) is in the NFT's name, token id,
/// collection name or collection address.
#[must_use]
pub fn matches_search(view: &NftView, needle: &str) -> bool {
    [
        Some(view.name.as_str()),
        Some(view.token_id.as_str()),
        view.contract_pretty_name.as_deref(),
        Some(view.contract_address.as_str()),
    ]
    .into_iter()
    .flatten()
    .any(|text| text.to_lowercase().contains(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gateway() -> IpfsGateway {
        IpfsGateway::new("https://gateway.example/ipfs/").expect("gateway")
    }

    fn record(metadata: Option<&str>) -> NftRecord {
        NftRecord {
            standard: NftStandard::Erc721,
            contract: Address::repeat_byte(0x72),
            token_id: U256::from(5),
            amount: U256::from(1),
            owner: Some(Address::repeat_byte(0xd0)),
            supply: None,
            token_uri: Some("ipfs://QmArt/5.json".into()),
            metadata: metadata.map(str::to_owned),
            minter: None,
            block_minted: Some(12),
            updated_ms: None,
        }
    }

    #[test]
    fn readable_metadata_fills_the_view() {
        let metadata = r#"{"name":"Waves","description":"clip","image":"ipfs://QmP/p.png",
            "animation_url":"https://a/w.webm","attributes":[{"trait_type":"Medium","value":"Video"}]}"#;
        let view = nft_view(&record(Some(metadata)), Some("Tandem Art"), &gateway());
        assert_eq!(view.name, "Waves");
        assert_eq!(view.media_type, MediaKind::Video);
        assert_eq!(
            view.img_src.as_deref(),
            Some("https://gateway.example/ipfs/QmP/p.png")
        );
        assert_eq!(view.video_src.as_deref(), Some("https://a/w.webm"));
        assert_eq!(
            view.token_uri.as_deref(),
            Some("https://gateway.example/ipfs/QmArt/5.json")
        );
        assert_eq!(
            view.attributes,
            [NftAttributeView {
                label: "Medium".into(),
                text: "Video".into()
            }]
        );
        assert_eq!(view.metadata_status, MetadataStatus::Ok);
        assert_eq!(
            view.contract_address,
            Address::repeat_byte(0x72).to_checksum(None)
        );
        let json = serde_json::to_value(&view).expect("json");
        assert_eq!(json["nftInterface"], "erc721");
        assert_eq!(json["mediaType"], "video");
        assert_eq!(json["metadataStatus"], "ok");
    }

    #[test]
    fn broken_metadata_degrades_to_a_fallback() {
        for (metadata, status) in [
            (
                Some(r#"{"name": "Broken", "image": "#),
                MetadataStatus::Invalid,
            ),
            (Some(INVALID_METADATA), MetadataStatus::Invalid),
            (Some("[1]"), MetadataStatus::Invalid),
            (None, MetadataStatus::Missing),
            (Some(" "), MetadataStatus::Missing),
        ] {
            let view = nft_view(&record(metadata), None, &gateway());
            assert_eq!(view.metadata_status, status, "{metadata:?}");
            assert_eq!(view.name, "#5");
            assert_eq!(view.media_type, MediaKind::Unknown);
            assert!(view.attributes.is_empty());
        }
    }

    #[test]
    fn search_looks_at_names_ids_and_collections() {
        let view = nft_view(
            &record(Some(r#"{"name":"Sunrise"}"#)),
            Some("Tandem Art"),
            &gateway(),
        );
        for needle in ["sunrise", "5", "tandem", "0x7272"] {
            assert!(matches_search(&view, needle), "{needle}");
        }
        assert!(!matches_search(&view, "sunset"));
    }
}
