#!/usr/bin/env bash
# Makes the TLS test fixtures: a private CA, server certificates (right host, wrong host, expired)
# and a client certificate, valid for a century except the expired one. The TLS tests read these
# files; run this only to replace them (`bash Tests/TLSFixtures/make.sh`). The CA key is thrown away.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
days=36500
key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
key "$work/ca.key"
openssl req -x509 -new -key "$work/ca.key" -out ca.pem -days $days -subj "/O=apicheck tests/CN=apicheck test CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
sign() { # name subject extensions days
  key "$1.key"
  openssl req -new -key "$1.key" -out "$work/$1.csr" -subj "$2"
  printf '%s\n' "$3" > "$work/$1.ext"
  openssl x509 -req -in "$work/$1.csr" -CA ca.pem -CAkey "$work/ca.key" -set_serial "0x$(openssl rand -hex 8)" \
    -out "$1.pem" -days "$4" -extfile "$work/$1.ext" 2>/dev/null
}
server="basicConstraints=CA:FALSE
extendedKeyUsage=serverAuth
subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1"
sign server "/O=apicheck tests/CN=localhost" "$server" $days
sign expired "/O=apicheck tests/CN=localhost (expired)" "$server" -1
sign other-host "/O=apicheck tests/CN=example.test" "basicConstraints=CA:FALSE
extendedKeyUsage=serverAuth
subjectAltName=DNS:example.test" $days
sign client "/O=apicheck tests/CN=apicheck test client" "basicConstraints=CA:FALSE
extendedKeyUsage=clientAuth" $days
# The same client key under a passphrase, for APICHECK_KEY_PASSWORD.
openssl pkey -in client.key -out client-encrypted.key -aes256 -passout pass:fixture-passphrase
# Not PEM at all: a usage error for --cacert.
openssl x509 -in ca.pem -outform DER -out ca.der
