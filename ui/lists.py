"""The word-list picker and uploader: shared lists cached, uploads kept in this session only."""
from __future__ import annotations

from typing import Sequence

import streamlit as st

from core.tipgame.lists import listed_in_upload

from core.words import (
    UploadReport,
    WordList,
    WordListError,
    catalogue,
    counted,
    load_list,
    parse_upload,
    presentable,
)

UPLOADS_KEY = "wordlab_uploads"
ACTIVE_KEY = "wordlab_active_list"
SERIAL_KEY = "wordlab_upload_serial"
LISTED_KEY = "wordlab_upload_listed"  # name -> the upload's words as often as the file lists them (only with repeats)
UPLOAD_SUFFIX = " (uploaded)"


@st.cache_resource(show_spinner="Loading word list…")
def cached_list(name: str) -> WordList:
    """A catalogue list, loaded once per server (immutable, safe to share)."""
    return load_list(name)


def session_uploads() -> dict[str, WordList]:
    """This browser session's uploaded lists, by display name."""
    return st.session_state.setdefault(UPLOADS_KEY, {})


def list_names() -> list[str]:
    """Every list this session can pick: uploads first, then shared and built-in ones."""
    return list(session_uploads()) + list(catalogue())


def get_list(name: str) -> WordList:
    """A list by display name: this session's upload, else a cached catalogue list."""
    uploads = session_uploads()
    if name in uploads:
        return uploads[name]
    return cached_list(name)


def active_list_name() -> str:
    """The list the person chose last on any page (the default for every picker)."""
    names = list_names()
    current = st.session_state.get(ACTIVE_KEY)
    if current in names:
        return current
    from core.words import default_list_name

    return default_list_name()


def word_list_picker(key: str, label: str = "Word list", prefer: Sequence[str] = (), help: str | None = None,
                     set_active: bool = True, follows_uploads: bool = True) -> WordList | None:
    """A selectbox of lists; returns the loaded list, or None (with a message) when it cannot load. A picker that
    follows uploads switches to a list uploaded since it last ran (on any page)."""
    names = list_names()
    serial = st.session_state.get(SERIAL_KEY, 0)
    fresh = follows_uploads and st.session_state.get(f"{key}_serial", 0) != serial  # a list was uploaded since
    default = active_list_name() if fresh else next((n for n in prefer if n in names), None) or active_list_name()
    index = names.index(default) if default in names else 0
    if fresh:
        st.session_state[f"{key}_serial"] = serial
        if key in st.session_state and default in names:
            st.session_state[key] = default  # follow a fresh upload
    if key in st.session_state and st.session_state[key] not in names:
        del st.session_state[key]
    name = st.selectbox(label, names, index=index, key=key, help=help)
    if name is None:
        return None
    if set_active:
        st.session_state[ACTIVE_KEY] = name
    try:
        return get_list(name)
    except WordListError as err:
        st.error(str(err))
        return None


def shown_words(wl_name: str, words: Sequence[str]) -> list[str]:
    """Words fit to show from a list: an upload's own words all, a built-in or shared list's without the offensive."""
    return list(words) if wl_name in session_uploads() else presentable(words)


def listed_words(name: str) -> tuple[str, ...] | None:
    """An upload's words as often as its file listed them, when it repeated some (the tip game draws them so)."""
    return st.session_state.get(LISTED_KEY, {}).get(name)


def store_upload(wl: WordList, listed: Sequence[str] | None = None) -> str:
    """Keep an uploaded list in this session (and its words as listed, when some repeat); returns its display name."""
    uploads = session_uploads()
    name = wl.name if wl.name.endswith(UPLOAD_SUFFIX) else wl.name + UPLOAD_SUFFIX
    uploads[name] = WordList(name=name, words=wl.words, source=wl.source, frequencies=wl.frequencies)
    repeats = st.session_state.setdefault(LISTED_KEY, {})
    repeats.pop(name, None)
    if listed is not None and len(listed) > len(wl.words):
        repeats[name] = tuple(listed)
    st.session_state[ACTIVE_KEY] = name
    st.session_state[SERIAL_KEY] = st.session_state.get(SERIAL_KEY, 0) + 1
    return name


def show_report(report: UploadReport, keeps_repeats: bool = False) -> None:
    """The validation report of an upload, in plain words and a small table of rejected lines."""
    st.success(report.summary(keeps_repeats=keeps_repeats))
    if report.examples:
        shown = "" if len(report.examples) == report.rejected else f"; the first {len(report.examples):,}"
        st.warning(f"{counted(report.rejected, 'line')} rejected{shown}, each with its reason:")
        st.dataframe(
            [{"line": r.line, "reason": r.reason, "text": r.text} for r in report.examples],  # the reason in view at 1024 px
            hide_index=True,
        )


def upload_widget(key: str, extra_letters: str = "", keeps_repeats: bool = False, show_result: bool = True) -> WordList | None:
    """A file uploader that validates a list, reports on it, and keeps it in this session (`keeps_repeats`: the page
    plays a repeated word as often as the file lists it, and the report says so). Inside a section a person may
    collapse, pass show_result=False and call upload_result(key) outside it, so the latest result stays in view."""
    file = st.file_uploader(
        "Upload a word list (.txt one word a line, .csv/.tsv with a word column, or .gz of either; up to 50 MB)",
        type=["txt", "csv", "tsv", "gz"],
        key=key,
    )
    if file is None:
        st.session_state.pop(f"{key}_seen", None)
        return None
    seen = st.session_state.get(f"{key}_seen")
    if not (seen and seen[0] == file.file_id):
        name, report, error = "", None, ""
        try:
            wl, report = parse_upload(file.getvalue(), file.name, extra=extra_letters)
            listed = listed_in_upload(file.getvalue(), file.name, wl) if report.duplicates else None
            name = store_upload(wl, listed)
        except WordListError as err:
            error = f"Could not use {file.name}: {err}"
        st.session_state[f"{key}_seen"] = (file.file_id, name, report, error)
    if show_result:
        return upload_result(key, keeps_repeats)
    _, name, _, error = st.session_state[f"{key}_seen"]
    return None if error or name not in session_uploads() else session_uploads()[name]


def upload_result(key: str, keeps_repeats: bool = False) -> WordList | None:
    """The latest upload's result (its report, or why it failed) where it is drawn; None when it gave no list."""
    seen = st.session_state.get(f"{key}_seen")
    if not seen:
        return None
    _, name, report, error = seen
    if error or name not in session_uploads():
        st.error(error or "That upload is no longer available; upload it again.")
        return None
    show_report(report, keeps_repeats)
    st.caption(f"Stored as **{name}** for this browser session only; every picker now offers it.")
    return session_uploads()[name]
