/*
 * sqids.h: Sqids (sqids.org): non-negative numbers as short text that
 * decodes back, by its specification (the reference's encode and decode,
 * its blocklist rule and minimum-length padding). Decoding gives numbers
 * only for the canonical text of those numbers under the same options (the
 * text encoding them gives); any other text gives none. C API for the shim.
 *
 * The core allocates nothing: the shim gives the setup's word arena, the
 * output and the decoder's scratch, sized by the functions below.
 */
#ifndef IDGEN_CORE_SQIDS_H
#define IDGEN_CORE_SQIDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IDGEN_SQIDS_DEFAULT_ALPHABET "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
#define IDGEN_SQIDS_MIN_ALPHABET 3
#define IDGEN_SQIDS_MAX_ALPHABET 255	/* distinct single bytes */
#define IDGEN_SQIDS_MAX_MIN_LENGTH 255

typedef enum idgen_sqids_status
{
	IDGEN_SQIDS_OK = 0,
	IDGEN_SQIDS_ALPHABET_LENGTH,	/* value: characters, outside 3..255 */
	IDGEN_SQIDS_ALPHABET_REPEAT,	/* value: 0-based index of the repeat; at: its first */
	IDGEN_SQIDS_MIN_LENGTH_RANGE,	/* value: the minimum length, outside 0..255 */
	IDGEN_SQIDS_NEGATIVE,		/* value: the number; at: its 0-based index */
	IDGEN_SQIDS_ALL_BLOCKED		/* value: the attempts, each text with a blocked word */
} idgen_sqids_status;

typedef struct idgen_sqids_fault
{
	idgen_sqids_status status;
	int64_t		value;
	int64_t		at;
} idgen_sqids_fault;

/* A blocklist word kept by the setup: lower case, at least 3 bytes. */
typedef struct idgen_sqids_word
{
	const char *text;
	uint32_t	len;
	bool		has_digit;
} idgen_sqids_word;

/* An alphabet, minimum length and blocklist, checked and prepared once. */
typedef struct idgen_sqids
{
	unsigned char alphabet[IDGEN_SQIDS_MAX_ALPHABET];	/* shuffled once */
	int			len;
	int			min_length;
	int16_t		index[256];		/* a byte's index in alphabet, or -1 */
	const idgen_sqids_word *words;	/* ordered by first byte */
	uint32_t	first[257];		/* words[first[b] .. first[b + 1]) start with byte b */
} idgen_sqids;

/* Sqids' default blocklist (the reference's): *count words, lower case. */
extern const char *const *idgen_sqids_default_blocklist(size_t *count);

/* Bytes of arena that idgen_sqids_setup needs for count words of total_len bytes. */
extern size_t idgen_sqids_arena_size(size_t count, size_t total_len);

/*
 * Checks the alphabet (its bytes: the shim refuses multibyte characters
 * first) and min_length, and prepares s: the shuffled alphabet and the
 * words that can occur in its text (the reference's filter), copied in
 * lower case into arena (idgen_sqids_arena_size bytes, 8-byte aligned).
 */
extern idgen_sqids_fault idgen_sqids_setup(idgen_sqids *s, const char *alphabet, size_t alphabet_len,
										   int64_t min_length, const char *const *words,
										   const size_t *word_lens, size_t count, void *arena);

/* Bytes that the text of count numbers can take (at least 1). */
extern size_t idgen_sqids_encoded_max(const idgen_sqids *s, size_t count);

/*
 * The text of count numbers into out (idgen_sqids_encoded_max bytes), its
 * length in *out_len; '' for none. IDGEN_SQIDS_NEGATIVE for a number below
 * 0, IDGEN_SQIDS_ALL_BLOCKED when every attempt holds a blocklist word.
 */
extern idgen_sqids_fault idgen_sqids_encode(const idgen_sqids *s, const int64_t *numbers, size_t count,
											char *out, size_t *out_len);

/*
 * The numbers of id into numbers (room for len / 2 + 1: a number takes a
 * character, and one more parts it from the next), their count returned; 0
 * when id is not the canonical text of any numbers (a character outside the
 * alphabet, a number past 2^63 - 1, padding or blocklist attempt that the
 * encoder would not give). scratch: len bytes.
 */
extern size_t idgen_sqids_decode(const idgen_sqids *s, const char *id, size_t len, int64_t *numbers,
								 char *scratch);

#ifdef __cplusplus
}
#endif

#endif
