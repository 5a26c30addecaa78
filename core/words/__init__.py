"""Word lists: the list model, uploads, English dictionary facts and the catalogue of named lists.

The names are re-exported here, so `from core.words import X` reads from whichever module holds X."""
from __future__ import annotations

from core.words.lists import (alphabet_of, ASCII_LETTERS, difference, LANGUAGE_LETTERS, letter_counts, make_list,
                              MAX_UPLOAD_BYTES, MAX_WORDS, normalise, position_matrix, rejection_reason, renamed,
                              sample, split, UTF16_BOMS, with_lengths, Word, WordList, WordListError)
from core.words.uploads import (counted, decode_bytes, looks_binary, parse_upload, read_file, Rejection, UploadReport)
from core.words.lexicon import (_spellchecker_words, BOUND_PREFIXES, CONTRACTIONS, english_lexicon, Lexicon, NEVER_CHOSEN, OBSCENE,
                                wordnet_offensive)
from core.words.decency import blocked_words, is_offensive, presentable
from core.words.named import (_wordfreq_top, BUILTIN_BUILDERS, BUILTIN_DESCRIPTIONS, builtin_list,
                                  catalogue, default_list_name, english_attested, german_attested,
                                  ListSpec, load_list, shared_data_dir, shared_list, SHARED_LISTS, SHIPPED_DIR,
                                  shipped_list_path, SHIPPED_LISTS)
