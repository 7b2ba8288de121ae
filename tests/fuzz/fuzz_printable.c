/* fuzz_printable.c — libFuzzer target: text_printable (printable.h), the filter between a
 * file's text and the terminal (issue 33). What comes out must hold no byte a terminal acts
 * on (C0 but none, DEL, C1 in UTF-8), be well-formed UTF-8 without direction overrides, fit
 * the buffer at every size, and pass through the filter again unchanged. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "printable.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The length of the well-formed UTF-8 character at s, 0 when none (as the filter judges). */
static size_t char_len(const unsigned char *s, uint32_t *cp)
{
	size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3
		 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
	uint32_t c = n == 1 ? s[0] : n == 2 ? s[0] & 0x1fu : n == 3 ? s[0] & 0x0fu : s[0] & 0x07u;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3fu);
	}
	static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (!n || c < min[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = malloc(size + 1), *out = malloc(size * 3 + 2), *again = malloc(size * 3 + 2);
	if (!in || !out || !again)
		abort();
	memcpy(in, data, size);
	in[size] = 0;
	size_t len = size ? data[0] % 64 + 1 : 1; /* a small buffer too: the cut */
	for (int round = 0; round < 2; round++, len = size * 3 + 2) {
		text_printable(out, len, in);
		size_t n = strlen(out);
		if (n >= len)
			abort();
		for (const unsigned char *p = (const unsigned char *)out; *p;) {
			uint32_t c;
			size_t k = char_len(p, &c);
			if (!k || c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
			    (c >= 0x2066 && c <= 0x2069))
				abort();
			p += k;
		}
		text_printable(again, n + 1, out);
		if (strcmp(again, out))
			abort();
	}
	free(in);
	free(out);
	free(again);
	return 0;
}
