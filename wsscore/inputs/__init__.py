"""From bytes to lines of words: encodings, streaming, the input formats, the dictionary."""
