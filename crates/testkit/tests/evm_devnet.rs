//! The harness starts a real devnet, exposes its manifest, and stops anvil on drop.

use std::net::TcpStream;

use tandem_testkit::EvmDevnet;

fn rpc_port(url: &str) -> Option<u16> {
    url.rsplit(':').next()?.trim_end_matches('/').parse().ok()
}

#[test]
fn starts_a_seeded_devnet_and_stops_it_on_drop() {
    let devnet = EvmDevnet::start().expect("devnet starts");
    let manifest = devnet.manifest().clone();
    assert_eq!(manifest.chain_id, 41);
    assert_eq!(manifest.network, "telos-evm-devnet");
    for key in ["WTLOS", "STLOS", "ESCROW", "TUSD", "GEMS", "ART", "ITEMS"] {
        let address = manifest.contract(key).expect("contract in manifest");
        assert!(
            address.starts_with("0x") && address.len() == 42,
            "{key}: {address}"
        );
    }
    assert!(manifest.account("alice").is_some());
    assert!(devnet.manifest_path().is_file());

    let port = rpc_port(devnet.rpc_url()).expect("rpc url ends with a port");
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_ok(),
        "anvil answers while running"
    );
    drop(devnet);
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_err(),
        "anvil is gone after drop"
    );
}
