//! A loopback TCP relay for SMTP sinks, shared by the tests and the load generator: it turns
//! off delayed ACKs so lettre's two-write message ending does not wait 40 ms per mail.

/// A TCP relay in front of `to` that acknowledges what the client sends at once.
///
/// lettre writes a message body and its closing dot in two writes; with Nagle's algorithm on
/// the client and delayed ACKs on the server, every mail then waits 40 ms on loopback. The
/// relay turns the delayed ACK off after each read, so a game's worth of mail takes
/// milliseconds, not seconds. Returns the relay's port.
pub fn quick_ack_relay(to: std::net::SocketAddr) -> u16 {
    use std::io::{Read, Write};
    let front = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = front.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for client in front.incoming().flatten() {
            let Ok(server) = std::net::TcpStream::connect(to) else {
                continue;
            };
            let _ = (client.set_nodelay(true), server.set_nodelay(true));
            let (mut from_server, mut to_client) =
                (server.try_clone().unwrap(), client.try_clone().unwrap());
            std::thread::spawn(move || {
                let _ = std::io::copy(&mut from_server, &mut to_client);
                let _ = to_client.shutdown(std::net::Shutdown::Both);
            });
            let (mut client, mut server) = (client, server);
            std::thread::spawn(move || {
                let mut buf = [0u8; 16 * 1024];
                loop {
                    match client.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            quick_ack(&client);
                            if server.write_all(&buf[..n]).is_err() {
                                break;
                            }
                        }
                    }
                }
                let _ = server.shutdown(std::net::Shutdown::Write);
            });
        }
    });
    port
}

#[cfg(target_os = "linux")]
fn quick_ack(stream: &std::net::TcpStream) {
    use std::os::fd::AsRawFd;
    let on: libc::c_int = 1;
    // SAFETY: a valid socket descriptor and a pointer to a c_int of the size given.
    unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            libc::IPPROTO_TCP,
            libc::TCP_QUICKACK,
            (&on as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        );
    }
}

#[cfg(not(target_os = "linux"))]
fn quick_ack(_stream: &std::net::TcpStream) {}
