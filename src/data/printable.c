/* printable.c — owns text_printable (printable.h): a file's text made safe for a terminal. */
#include "printable.h"

#include <stdint.h>
#include <string.h>

/* The length of the well-formed UTF-8 character at s (1 to 4), its code point into *cp; 0
 * when s does not start one (a stray continuation byte, an overlong form, a surrogate, past
 * U+10FFFF, cut short). */
static int utf8_char(const unsigned char *s, uint32_t *cp)
{
	int n;
	uint32_t c = s[0], min;
	if (c < 0x80)
		n = 1, min = 0;
	else if ((c & 0xe0) == 0xc0)
		n = 2, c &= 0x1f, min = 0x80;
	else if ((c & 0xf0) == 0xe0)
		n = 3, c &= 0x0f, min = 0x800;
	else if ((c & 0xf8) == 0xf0)
		n = 4, c &= 0x07, min = 0x10000;
	else
		return 0;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* Code points a terminal acts on or that reorder what is shown. */
static int unsafe(uint32_t c)
{
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x200e && c <= 0x200f) ||
	       (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

char *text_printable(char *out, size_t len, const char *in)
{
	if (!len)
		return out;
	const unsigned char *s = (const unsigned char *)in;
	size_t o = 0;
	while (*s) {
		uint32_t c;
		int n = utf8_char(s, &c);
		const char *put = (const char *)s;
		size_t k = (size_t)n;
		if (n == 0 || unsafe(c)) {
			put = n == 1 && c == '\t' ? " " : "?";
			k = 1;
			n = n ? n : 1;
		}
		if (o + k >= len)
			break;
		memcpy(out + o, put, k);
		o += k;
		s += n;
	}
	out[o] = 0;
	return out;
}
