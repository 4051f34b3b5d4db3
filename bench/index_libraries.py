"""Which library indexes the embedded store's vectors and keywords: a measured choice.

The texts are the ``search_text`` kind of line a fact carries ("Maya Okafor 3
lives in Lyon"), from the synthetic world of ``recall_latency.py``, embedded
with the offline hashing embedder (256 dimensions). For each library: build
time, single-query latency p50 (k=10, one thread), agreement with the exact
answer (recall@10 against numpy's exact cosine, or agreement with graphmem's
reference BM25 ``graphmem.store.text.BM25``; tie-aware, since the synthetic texts
repeat: a result is right when its exact score reaches the exact 10th best),
and bytes on disk. Vector
libraries are also asked with a filter admitting a random 10% of the rows.

    .venv/bin/python bench/index_libraries.py                 # 100,000 texts
    .venv/bin/python bench/index_libraries.py --n 10000

Libraries that are not installed are skipped (``pip install hnswlib usearch
faiss-cpu bm25s tantivy``).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from _common import machine, percentile, progress
from recall_latency import World
from threadpoolctl import threadpool_limits

from graphmem.models.embed import HashingEmbedder
from graphmem.store.text import BM25, tokens

K = 10


def folder_bytes(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def vector_libraries(  # noqa: PLR0915 - one block per library reads best
    x: Any, queries: Any, allowed: Any, tmp: Path
) -> list[tuple[str, ...]]:
    n, dim = x.shape
    mask = np.zeros(n, dtype=bool)
    mask[allowed] = True
    # The synthetic texts repeat, so many rows tie: a returned row counts as right when
    # its exact similarity reaches the exact k-th best (tie-aware recall@k).
    exact, exact_f = [], []
    for q in queries:
        s = x @ q
        exact.append((s, float(np.sort(s)[-K])))
        s_f = np.where(mask, s, -np.inf)
        exact_f.append((s, float(np.sort(s_f)[-K])))
    rows: list[tuple[str, ...]] = []

    def report(
        name: str,
        build: float,
        search: Callable[[Any], list[int]],
        size: int,
        fsearch: Callable[[Any], list[int]] | None,
    ) -> None:
        lat, hit = [], 0
        for q, (s, kth) in zip(queries, exact, strict=True):
            start = time.perf_counter()
            got = search(q)
            lat.append(time.perf_counter() - start)
            hit += sum(1 for r in set(got) if r >= 0 and s[r] >= kth - 1e-6)
        ftext = "-"
        if fsearch is not None:
            flat, fhit = [], 0
            for q, (s, kth) in zip(queries, exact_f, strict=True):
                start = time.perf_counter()
                got = fsearch(q)
                flat.append(time.perf_counter() - start)
                fhit += sum(1 for r in set(got) if r >= 0 and mask[r] and s[r] >= kth - 1e-6)
            ftext = f"{percentile(flat, 50) * 1000:.2f} ms, {fhit / (K * len(queries)):.3f}"
        rows.append(
            (
                name,
                f"{build:.1f}",
                f"{percentile(lat, 50) * 1000:.2f}",
                f"{hit / (K * len(queries)):.3f}",
                ftext,
                f"{size / 1e6:.0f}",
            )
        )
        progress(f"  {rows[-1]}")

    def numpy_search(q: Any) -> list[int]:
        with threadpool_limits(1):  # as the store does: one BLAS thread
            s = x @ q
        top = np.argpartition(-s, K)[:K]
        return top.tolist()

    def numpy_filtered(q: Any) -> list[int]:
        with threadpool_limits(1):
            s = x[allowed] @ q
        top = np.argpartition(-s, K)[:K]
        return allowed[top].tolist()

    np.save(tmp / "x.npy", x)
    report("numpy exact", 0.0, numpy_search, folder_bytes(tmp / "x.npy"), numpy_filtered)

    if importlib.util.find_spec("faiss"):
        import faiss

        faiss.omp_set_num_threads(1)
        index = faiss.IndexHNSWFlat(dim, 32, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efConstruction = 40
        _, build = timed(lambda: index.add(x))
        index.hnsw.efSearch = 64
        faiss.write_index(index, str(tmp / "f.faiss"))
        bitmap = np.packbits(mask, bitorder="little")
        sel = faiss.IDSelectorBitmap(n, faiss.swig_ptr(bitmap))
        params = faiss.SearchParametersHNSW(sel=sel, efSearch=64)
        report(
            "faiss-cpu HNSWFlat (M 32)",
            build,
            lambda q: index.search(q[None, :], K)[1][0].tolist(),
            folder_bytes(tmp / "f.faiss"),
            lambda q: index.search(q[None, :], K, params=params)[1][0].tolist(),
        )
    if importlib.util.find_spec("usearch"):
        from usearch.index import Index

        uindex = Index(ndim=dim, metric="ip", dtype="f32", connectivity=16)
        keys = np.arange(n, dtype=np.uint64)
        _, build = timed(lambda: uindex.add(keys, x, threads=1))
        uindex.save(str(tmp / "u.usearch"))

        def ufilter(q: Any) -> list[int]:
            # no predicate in the Python API: over-fetch by the admitted fraction
            found = uindex.search(q, K * 20, threads=1).keys
            return [int(k) for k in found if mask[k]][:K]

        report(
            "usearch (M 16)",
            build,
            lambda q: uindex.search(q, K, threads=1).keys.tolist(),
            folder_bytes(tmp / "u.usearch"),
            ufilter,
        )
    if importlib.util.find_spec("hnswlib"):
        import hnswlib

        h = hnswlib.Index(space="ip", dim=dim)
        h.init_index(max_elements=n, ef_construction=40, M=16)
        h.set_num_threads(1)
        _, build = timed(lambda: h.add_items(x, np.arange(n)))
        h.set_ef(64)
        h.save_index(str(tmp / "h.bin"))
        report(
            "hnswlib (M 16)",
            build,
            lambda q: h.knn_query(q, K)[0][0].tolist(),
            folder_bytes(tmp / "h.bin"),
            lambda q: h.knn_query(q, K, filter=lambda i: bool(mask[i]))[0][0].tolist(),
        )
    return rows


def keyword_libraries(  # noqa: PLR0915 - one block per library reads best
    texts: list[str], questions: list[str], tmp: Path
) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    reference = BM25()
    _, build = timed(lambda: [reference.add(str(i), t) for i, t in enumerate(texts)])
    # Tie-aware: a returned document is right when its reference score reaches the k-th.
    want = []
    for q in questions:
        scores = {int(d): s for d, s in reference.search(q, 10**7)}
        ranked = sorted(scores.values(), reverse=True)
        want.append((scores, ranked[K - 1] if len(ranked) >= K else 0.0, min(K, len(ranked))))

    def report(name: str, build: float, search: Callable[[str], list[int]], size: int) -> None:
        lat, agree = [], 0
        for q, (scores, kth, _) in zip(questions, want, strict=True):
            start = time.perf_counter()
            got = search(q)
            lat.append(time.perf_counter() - start)
            agree += sum(1 for d in set(got) if scores.get(d, -1.0) >= kth - 1e-4)
        total = sum(w[2] for w in want) or 1
        rows.append(
            (
                name,
                f"{build:.1f}",
                f"{percentile(lat, 50) * 1000:.2f}",
                f"{agree / total:.3f}",
                f"{size / 1e6:.0f}",
            )
        )
        progress(f"  {rows[-1]}")

    report(
        "graphmem.store.text.BM25 (pure Python)",
        build,
        lambda q: [int(d) for d, _ in reference.search(q, K)],
        0,
    )
    analysed = [tokens(t) for t in texts]
    if importlib.util.find_spec("bm25s"):
        import bm25s

        vocab: dict[str, int] = {}
        ids = [[vocab.setdefault(w, len(vocab)) for w in doc] for doc in analysed]
        retriever = bm25s.BM25(k1=1.2, b=0.75, method="lucene")
        _, build = timed(
            lambda: retriever.index(bm25s.tokenization.Tokenized(ids, vocab), show_progress=False)
        )
        retriever.save(str(tmp / "bm25s"))

        def bsearch(q: str) -> list[int]:
            terms = [vocab[w] for w in tokens(q) if w in vocab]
            if not terms:
                return []
            scores = retriever.get_scores(terms)
            top = np.argpartition(-scores, K)[:K]
            return [int(i) for i in top if scores[i] > 0]  # bm25s scores every document

        report("bm25s 0.3 (lucene idf)", build, bsearch, folder_bytes(tmp / "bm25s"))
    if importlib.util.find_spec("tantivy"):
        import tantivy

        builder = tantivy.SchemaBuilder()
        builder.add_text_field("body", tokenizer_name="whitespace")
        builder.add_integer_field("row", stored=True, fast=True)
        schema = builder.build()
        (tmp / "tantivy").mkdir()
        index = tantivy.Index(schema, path=str(tmp / "tantivy"))

        def tbuild() -> None:
            writer = index.writer(heap_size=50_000_000, num_threads=1)
            for i, doc in enumerate(analysed):
                writer.add_document(tantivy.Document(body=" ".join(doc), row=i))
            writer.commit()
            writer.wait_merging_threads()

        _, build = timed(tbuild)
        index.reload()
        searcher = index.searcher()

        def tsearch(q: str) -> list[int]:
            terms = tokens(q)
            if not terms:
                return []
            query = tantivy.Query.boolean_query(
                [(tantivy.Occur.Should, tantivy.Query.term_query(schema, "body", t)) for t in terms]
            )
            hits = searcher.search(query, K).hits
            return [searcher.doc(a)["row"][0] for _, a in hits]

        report(
            "tantivy 0.27 (whitespace over tokens())", build, tsearch, folder_bytes(tmp / "tantivy")
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    world = World(random.Random(3))
    claims = world.claims(args.n)
    texts = [f"{c.subject} {c.predicate.replace('_', ' ')} {c.object}" for c in claims]
    questions = world.questions(args.queries)
    embedder = HashingEmbedder()
    progress(f"embedding {args.n} texts")
    x = np.asarray(embedder.embed(texts), dtype=np.float32)
    x /= np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)
    q = np.asarray(embedder.embed(questions), dtype=np.float32)
    allowed = np.sort(np.random.default_rng(5).choice(args.n, args.n // 10, replace=False))
    with tempfile.TemporaryDirectory() as tmp:
        progress("vector libraries")
        vec = vector_libraries(x, q, allowed, Path(tmp))
        progress("keyword libraries")
        kw = keyword_libraries(texts, questions, Path(tmp))
    print(f"\n{args.n:,} texts, {args.queries} questions, k={K}, one thread ({machine()})\n")
    print(
        "| vector library | build s | query p50 ms | recall@10 | 10% filter: p50, recall@10 "
        "| file MB |"
    )
    print("|---|---|---|---|---|---|")
    for row in vec:
        print("| " + " | ".join(row) + " |")
    print(
        "\n| keyword library | build s | query p50 ms | agreement with reference (tie-aware) | MB |"
    )
    print("|---|---|---|---|---|")
    for row in kw:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
