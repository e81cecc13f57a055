"""Documents narrated end to end against the real S3 server: Markdown, HTML and EPUB
uploads become audio with chapters in the manifest and captions beside it; a bad document
ends in its error report, with nothing else written."""

from __future__ import annotations

import io
import itertools
from typing import Any

import mutagen
import numpy as np
import pytest
import soundfile as sf
from mutagen.id3 import ID3

from tests.infra.batch import keys_in, read_audio, read_json, read_text, s3_event
from tests.infra.captions import parse_cues
from tests.infra.epub import FIXTURES, fixture_epub, zip_bomb
from tests.infra.fixtures import S3Buckets


def _narrate(
    deliver: Any, s3: Any, buckets: S3Buckets, key: str, body: bytes, **metadata: str
) -> dict[str, Any]:
    s3.put_object(Bucket=buckets.input, Key=key, Body=body, Metadata=metadata)
    result = deliver(s3_event(buckets.input, key))
    return result["results"][0]


def _check_chapters(manifest: dict[str, Any], titles: list[str]) -> None:
    chapters = manifest["chapters"]
    assert [c["title"] for c in chapters] == titles
    assert chapters[0]["start"] == 0.0
    assert chapters[-1]["end"] == pytest.approx(manifest["duration_seconds"], abs=2e-3)
    for a, b in itertools.pairwise(chapters):
        assert a["start"] < a["end"] == b["start"] < b["end"]
    # Each chapter starts where its heading's chunk starts (after the pause before it).
    starts = {round(chunk["start"], 2): chunk["text"] for chunk in manifest["chunks"]}
    for chapter in chapters[1:]:
        heading = next(t for s, t in starts.items() if s >= chapter["start"])
        assert heading.startswith(chapter["title"].split(":")[0])


def _check_captions(s3: Any, buckets: S3Buckets, base: str, manifest: dict[str, Any]) -> str:
    written = []
    for form in ("vtt", "srt"):
        cues = parse_cues(read_text(s3, buckets.output, f"{base}.{form}"), form)
        assert cues and cues[-1][1] <= manifest["duration_seconds"] + 1e-3
        written.append(" ".join(" ".join(lines) for _, _, lines in cues))
    assert written[0] == written[1]
    return written[0]


def test_markdown_blog_post(deliver: Any, s3: Any, s3_buckets: S3Buckets) -> None:
    body = (FIXTURES / "blog-post.md").read_bytes()
    result = _narrate(deliver, s3, s3_buckets, "incoming/posts/kungsleden.md", body, steps="1")
    assert result["outcome"] == "done"
    base = "speech/posts/kungsleden"
    manifest = read_json(s3, s3_buckets.output, f"{base}.manifest.json")
    assert manifest["document"] == {"title": "Three Days on the Kungsleden", "language": "en"}
    assert manifest["language"] == "en"
    _check_chapters(manifest, ["Three Days on the Kungsleden", "What we packed", "The second day"])
    assert manifest["characters_in"] < len(body)  # what is read, not the markup
    spoken = manifest["normalized_text"]
    assert "seven thirty" in spoken and "fourteen kilograms" in spoken
    for never in ("curl", "https", "hiking", "Distance"):
        assert never not in spoken
    captions = _check_captions(s3, s3_buckets, base, manifest)
    assert "We set off from Abisko at 7:30" in captions  # as written, not as spoken
    _data, audio, rate = read_audio(s3, s3_buckets.output, f"{base}.wav")
    assert len(audio) / rate == pytest.approx(manifest["duration_seconds"], abs=1e-3)


def test_html_article_with_options_in_metadata(
    deliver: Any, s3: Any, s3_buckets: S3Buckets
) -> None:
    body = (FIXTURES / "article.html").read_bytes()
    metadata = {"steps": "1", "alt-text": "true", "tables": "rows", "format": "mp3"}
    result = _narrate(deliver, s3, s3_buckets, "incoming/tram line.html", body, **metadata)
    assert result["outcome"] == "done"
    manifest = read_json(s3, s3_buckets.output, "speech/tram line.manifest.json")
    titles = ["City council approves the new tram line", "What changes for riders"]
    _check_chapters(manifest, titles)
    # The MP3 carries them as ID3v2 chapters, as podcast and audiobook players read them.
    data = s3.get_object(Bucket=s3_buckets.output, Key="speech/tram line.mp3")["Body"].read()
    tag = ID3(io.BytesIO(data))
    chaps = sorted(tag.getall("CHAP"), key=lambda frame: frame.start_time)
    assert [str(c.sub_frames["TIT2"]) for c in chaps] == titles
    assert [(c.start_time, c.end_time) for c in chaps] == [
        (round(c["start"] * 1000), round(c["end"] * 1000)) for c in manifest["chapters"]
    ]
    assert tag.getall("CTOC")[0].child_element_ids == [c.element_id for c in chaps]
    captions = _check_captions(s3, s3_buckets, "speech/tram line", manifest)
    assert "A tram crossing the harbour bridge at dusk" in captions  # alt text read
    assert "Harbour, 2027" in captions  # a table row read
    assert "Die Linie verbindet" in captions and "tracking code" not in captions


@pytest.mark.parametrize(
    ("name", "titles", "languages"),
    [
        (
            "epub3",
            ["Winter: The Lamp Room", "Frühling: Der Besuch", "Summer: Storm Season"],
            {"en", "de"},
        ),
        ("epub2", ["Première lettre", "Second Letter", "Troisième lettre"], {"fr", "en"}),
    ],
)
def test_epub_book(
    deliver: Any,
    s3: Any,
    s3_buckets: S3Buckets,
    name: str,
    titles: list[str],
    languages: set[str],
) -> None:
    fmt = "opus" if name == "epub3" else "flac"
    key = f"incoming/{name}.epub"
    result = _narrate(deliver, s3, s3_buckets, key, fixture_epub(name), format=fmt, steps="1")
    assert result["outcome"] == "done"
    manifest = read_json(s3, s3_buckets.output, f"speech/{name}.manifest.json")
    _check_chapters(manifest, titles)
    # Opus and FLAC carry them as the CHAPTERxxx Vorbis comments.
    data = s3.get_object(Bucket=s3_buckets.output, Key=f"speech/{name}.{fmt}")["Body"].read()
    tags = mutagen.File(io.BytesIO(data)).tags
    for number, chapter in enumerate(manifest["chapters"], start=1):
        assert tags[f"CHAPTER{number:03d}NAME"] == [chapter["title"]]
        clock = tags[f"CHAPTER{number:03d}"][0]
        hours, minutes, seconds = clock.split(":")
        assert int(hours) * 3600 + int(minutes) * 60 + float(seconds) == pytest.approx(
            chapter["start"], abs=1e-3
        )
    assert manifest["document"]["language"] in languages
    _check_captions(s3, s3_buckets, f"speech/{name}", manifest)


@pytest.mark.parametrize(
    ("key", "body", "code"),
    [
        ("incoming/bomb.epub", "bomb", "archive_bomb"),
        ("incoming/drm.epub", "drm", "drm_protected"),
        ("incoming/broken.epub", b"PK\x03\x04 not really", "invalid_document"),
        ("incoming/deep.html", ("<div>" * 10_000).encode(), "nesting_too_deep"),
        ("incoming/empty.md", b"---\ntitle: x\n---\n```\ncode only\n```\n", "empty_text"),
    ],
)
def test_hostile_documents_end_in_their_error_report(
    deliver: Any, s3: Any, s3_buckets: S3Buckets, key: str, body: Any, code: str
) -> None:
    if body == "bomb":
        body = zip_bomb()
    elif body == "drm":
        from tests.infra.epub import fixture_parts, zip_parts

        body = zip_parts({**fixture_parts("epub3"), "META-INF/rights.xml": "<rights/>"})
    result = _narrate(deliver, s3, s3_buckets, key, body)
    assert result["outcome"] == "failed"
    name = key.removeprefix("incoming/").rsplit(".", 1)[0]
    report = read_json(s3, s3_buckets.output, f"speech/{name}.error.json")
    assert report["error"]["code"] == code
    outputs = [
        k for k in keys_in(s3, s3_buckets.output, "speech/") if not k.endswith("status.json")
    ]
    assert outputs == [f"speech/{name}.error.json"]


def _chapter_files_of(s3: Any, buckets: S3Buckets, manifest: dict[str, Any]) -> list[bytes]:
    keys = [chapter["audio_key"] for chapter in manifest["chapters"]]
    return [s3.get_object(Bucket=buckets.output, Key=key)["Body"].read() for key in keys]


def test_split_chapters_writes_one_file_per_chapter(
    deliver: Any, s3: Any, s3_buckets: S3Buckets
) -> None:
    body = (FIXTURES / "blog-post.md").read_bytes()
    meta = {"steps": "1", "seed": "3", "split": "chapters"}
    result = _narrate(deliver, s3, s3_buckets, "incoming/split/post.md", body, **meta)
    assert result["outcome"] == "done"
    manifest = read_json(s3, s3_buckets.output, "speech/split/post.manifest.json")
    assert [c["audio_key"] for c in manifest["chapters"]] == [
        f"speech/split/post.chapter-{n:03d}.wav" for n in (1, 2, 3)
    ]
    _data, whole, rate = read_audio(s3, s3_buckets.output, "speech/split/post.wav")
    pieces = []
    for chapter, data in zip(
        manifest["chapters"], _chapter_files_of(s3, s3_buckets, manifest), strict=True
    ):
        audio, file_rate = sf.read(io.BytesIO(data), dtype="float32")
        assert file_rate == rate
        assert len(audio) / rate == pytest.approx(chapter["end"] - chapter["start"], abs=2e-3)
        pieces.append(audio)
    # Cut from the same stream: together they are the whole, sample for sample.
    assert np.array_equal(np.concatenate(pieces), whole.astype(np.float32) / 32768)


def test_split_chapters_of_a_job_assembled_from_segments(
    deliver_segmented: Any, s3: Any, s3_buckets: S3Buckets, queue: Any
) -> None:
    settings = {"estimated_rtf": 1.0, "batch_max_invocation_seconds": 6.0}
    key = "incoming/long.epub"
    meta = {"steps": "1", "seed": "3", "split": "chapters", "format": "flac"}
    s3.put_object(Bucket=s3_buckets.input, Key=key, Body=fixture_epub("epub3"), Metadata=meta)
    first = deliver_segmented(s3_event(s3_buckets.input, key), **settings)
    assert first["results"][0]["outcome"] == "segmented"
    queue.drain(lambda event: deliver_segmented(event, **settings))
    manifest = read_json(s3, s3_buckets.output, "speech/long.manifest.json")
    assert manifest["segments"] > 1
    _check_chapters(
        manifest, ["Winter: The Lamp Room", "Frühling: Der Besuch", "Summer: Storm Season"]
    )
    whole, _rate = sf.read(
        io.BytesIO(s3.get_object(Bucket=s3_buckets.output, Key="speech/long.flac")["Body"].read()),
        dtype="float32",
    )
    pieces = [
        sf.read(io.BytesIO(d), dtype="float32")[0]
        for d in _chapter_files_of(s3, s3_buckets, manifest)
    ]
    assert np.array_equal(np.concatenate(pieces), whole)
    tags = mutagen.File(io.BytesIO(_chapter_files_of(s3, s3_buckets, manifest)[1])).tags
    assert "CHAPTER001" not in tags  # a chapter's own file is one chapter: no marks in it


def test_a_failed_stream_leaves_no_chapter_file(s3: Any, s3_buckets: S3Buckets) -> None:
    """The stream fails in the third chapter: the two finished files are deleted and the
    open upload aborted (against the real S3 server)."""
    from handler.batch.chapter_files import ChapterFiles
    from handler.s3 import S3AudioUpload
    from model_layer.audio import AudioFormat
    from model_layer.audio.chapters import Chapter
    from tests.infra.batch import open_multipart_uploads

    chapters = [Chapter("a", 0.0, 1.0), Chapter("b", 1.0, 2.0), Chapter("c", 2.0, 9.0)]
    files = ChapterFiles(
        chapters,
        lambda n: S3AudioUpload(
            s3, s3_buckets.output, f"speech/x.chapter-{n:03d}.wav", "audio/wav", {}
        ),
        fmt=AudioFormat.wav,
        source_rate=8000,
        rate=8000,
        part_size=5 * 1024 * 1024,
    )

    def failing() -> Any:
        for _ in range(25):
            yield np.zeros(800, np.float32)
        raise RuntimeError("synthesis failed")

    written = []
    with pytest.raises(RuntimeError):
        for piece in files.tee(failing()):
            written.append(piece)
            if len(written) == 21:
                assert len(keys_in(s3, s3_buckets.output, "speech/")) == 2  # a, b finished
    assert keys_in(s3, s3_buckets.output, "speech/") == []
    assert open_multipart_uploads(s3, s3_buckets.output) == []


def test_split_chapters_needs_room_in_the_key(deliver: Any, s3: Any, s3_buckets: S3Buckets) -> None:
    """A name whose manifest key is exactly S3's 1,024 bytes narrates, but has no room for
    `.chapter-001.wav`: asked to split, it is reported (param split), nothing written."""
    prefix = "speech/"
    size = 1024 - len(prefix) - len(".manifest.json")
    # Path segments of 200 bytes: the server limits a segment, S3 only the whole key.
    head = "/".join(["n" * 199] * 4)
    name = head + "/" + "n" * (size - len(head) - 1)
    assert len(name) == size
    body = (FIXTURES / "blog-post.md").read_bytes()
    meta = {"steps": "1", "split": "chapters"}
    result = _narrate(deliver, s3, s3_buckets, f"incoming/{name}.md", body, **meta)
    assert result["outcome"] == "failed"
    report = read_json(s3, s3_buckets.output, f"{prefix}{name}.error.json")
    assert (report["error"]["code"], report["error"]["param"]) == ("invalid_parameter", "split")
    outputs = [k for k in keys_in(s3, s3_buckets.output, prefix) if not k.endswith("status.json")]
    assert outputs == [f"{prefix}{name}.error.json"]
