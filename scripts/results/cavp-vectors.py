#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Prepare external test vectors for the guests.

    cavp-vectors.py OUTDIR

Fetches the pinned PyPI package cryptography-vectors (the vectors the
`cryptography` project ships; nobody here wrote them) into OUTDIR/dist and
writes:
  OUTDIR/guest/cavp/<set>/{kind,alg,count,<i>.msg[,<i>.key]}  for the initramfs
  OUTDIR/cpio.list       gen_init_cpio lines for that tree, under /cavp
  OUTDIR/expected.tsv    set, index, digest (hex): what the host checks against

Sets: NIST CAVP SHA{1,224,256,384,512}{Short,Long}Msg.rsp, and for HMAC the
RFC 2202 (SHA-1) and RFC 4231 (SHA-224..512) vector files of the same package
(cryptography-vectors has no CAVP HMAC.rsp).
"""
import os
import subprocess
import sys
import zipfile

PACKAGE = "cryptography-vectors"
VERSION = "44.0.0"
HASHES = [("sha1", "hashes/SHA1/SHA1"), ("sha224", "hashes/SHA2/SHA224"),
          ("sha256", "hashes/SHA2/SHA256"), ("sha384", "hashes/SHA2/SHA384"),
          ("sha512", "hashes/SHA2/SHA512")]
HMACS = [("sha1", "HMAC/rfc-2202-sha1.txt"), ("sha224", "HMAC/rfc-4231-sha224.txt"),
         ("sha256", "HMAC/rfc-4231-sha256.txt"), ("sha384", "HMAC/rfc-4231-sha384.txt"),
         ("sha512", "HMAC/rfc-4231-sha512.txt")]


def fetch(dist):
    os.makedirs(dist, exist_ok=True)
    wheels = [f for f in os.listdir(dist) if f.startswith("cryptography_vectors-" + VERSION)]
    if not wheels:
        print(f"==> downloading {PACKAGE}=={VERSION} from PyPI", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--only-binary=:all:", "-d", dist, f"{PACKAGE}=={VERSION}"], check=True)
        wheels = [f for f in os.listdir(dist) if f.startswith("cryptography_vectors-" + VERSION)]
    if not wheels:
        sys.exit(f"error: pip gave no wheel of {PACKAGE}=={VERSION}")
    return zipfile.ZipFile(os.path.join(dist, wheels[0]))


def records(text):
    """Yield dicts of the KEY = value records of a .rsp/.txt vector file."""
    rec = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "[")):
            if "Msg" in rec and "MD" in rec:
                yield rec
            rec = {} if not line or line.startswith("[") else rec
            continue
        key, sep, value = line.partition("=")
        if sep:
            rec[key.strip()] = value.strip()
    if "Msg" in rec and "MD" in rec:
        yield rec


def main():
    out = sys.argv[1]
    wheel = fetch(os.path.join(out, "dist"))
    guest = os.path.join(out, "guest", "cavp")
    cpio = ["dir /cavp 0755 0 0"]
    expected = []

    def emit(name, kind, alg, recs):
        d = os.path.join(guest, name)
        os.makedirs(d, exist_ok=True)
        cpio.append(f"dir /cavp/{name} 0755 0 0")
        files = {"kind": kind + "\n", "alg": alg + "\n", "count": f"{len(recs)}\n"}
        for i, r in enumerate(recs):
            nbits = int(r.get("Len", "0"))
            msg = bytes.fromhex(r["Msg"])[: nbits // 8]
            files[f"{i}.msg"] = msg
            if "Key" in r:
                files[f"{i}.key"] = bytes.fromhex(r["Key"])
            expected.append(f"{name}\t{i}\t{r['MD'].lower()}")
        for fname, data in files.items():
            path = os.path.join(d, fname)
            mode = "w" if isinstance(data, str) else "wb"
            with open(path, mode) as f:
                f.write(data)
            cpio.append(f"file /cavp/{name}/{fname} {path} 0644 0 0")

    for alg, stem in HASHES:
        for length in ("Short", "Long"):
            text = wheel.read(f"cryptography_vectors/{stem}{length}Msg.rsp").decode()
            emit(f"{alg}-{length.lower()}msg", "hash", alg, list(records(text)))
    for alg, path in HMACS:
        text = wheel.read(f"cryptography_vectors/{path}").decode()
        recs = [r for r in records(text) if "Key" in r]
        emit(f"hmac-{alg}-rfc", "hmac", alg, recs)

    with open(os.path.join(out, "cpio.list"), "w") as f:
        f.write("\n".join(cpio) + "\n")
    with open(os.path.join(out, "expected.tsv"), "w") as f:
        f.write("\n".join(expected) + "\n")


if __name__ == "__main__":
    main()
