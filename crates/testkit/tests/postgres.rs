//! The harness starts a real PostgreSQL cluster on a loopback port, hands out URLs of
//! fresh databases, and stops and removes the cluster on drop.

use std::net::TcpStream;

use tandem_testkit::Postgres;

#[test]
fn starts_a_cluster_and_removes_it_on_drop() {
    let cluster = Postgres::start().expect("PostgreSQL starts");
    let port = cluster.port();
    let dir = cluster.dir().to_path_buf();
    assert!(dir.join("data").is_dir());
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_ok(),
        "PostgreSQL answers while running"
    );
    let first = cluster
        .create_database("Some Test")
        .expect("database created");
    let second = cluster
        .create_database("Some Test")
        .expect("database created");
    assert!(first.starts_with(&format!("postgres://tandem@127.0.0.1:{port}/some_test_")));
    assert_ne!(first, second, "every database is new");

    drop(cluster);
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_err(),
        "PostgreSQL is gone after drop"
    );
    assert!(!dir.exists(), "its directory is removed");
}
