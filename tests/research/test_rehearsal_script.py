"""The rehearsal script's own parts: the junk upload holds each kind of bad line, the server gets its own folders."""
from __future__ import annotations

from pathlib import Path

import pytest

from research.rehearsal import SCENES, junk_file, main, server_env


def test_the_junk_upload_holds_a_long_line_a_bad_byte_an_empty_line_and_good_words(tmp_path):
    lines = junk_file(tmp_path).read_bytes().split(b"\n")
    assert max(len(line) for line in lines) == 5000
    bad = []
    for line in lines:
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            bad.append(line)
    assert bad == [b"caf\xe9"]
    assert b"" in lines[:-1] and {b"apple", b"tree", "naïve".encode(), b"friend"} <= set(lines)


@pytest.mark.parametrize("data, expected", [(None, None), ("/nonexistent", "/nonexistent")])
def test_the_server_gets_its_own_cache_results_and_data(monkeypatch, data, expected):
    monkeypatch.delenv("WORDLAB_DATA", raising=False)
    env = server_env(Path("c"), Path("r"), data)
    assert (env["WORDLAB_CACHE"], env["WORDLAB_RESULTS"], env.get("WORDLAB_DATA")) == ("c", "r", expected)


def test_the_scenes_are_the_five_a_class_sees_and_a_wrong_name_is_refused():
    assert [name for name, _ in SCENES] == ["hangman_host_4_letters", "crossword_lookup_capital_of_france",
                                            "hangman_friend_to_the_end", "benchmarks_results", "upload_junk_lines"]
    with pytest.raises(SystemExit):
        main(["--out", "x", "--only", "no_such_scene"])


@pytest.mark.parametrize("argv, width", [([], 1024), (["--width", "1400"], 1400)])
def test_the_window_is_the_projectors_height_at_the_width_asked(monkeypatch, argv, width):
    import research.rehearsal as rehearsal

    asked = []
    monkeypatch.setattr(rehearsal, "rehearse", lambda *args: asked.append(args[-1]) or 0)
    monkeypatch.setattr(rehearsal.signal, "signal", lambda *args: None)  # the test process keeps its own handlers
    assert main(["--out", "x", *argv]) == 0
    assert asked == [width] and rehearsal.viewport(asked[0]) == {"width": width, "height": 768}
