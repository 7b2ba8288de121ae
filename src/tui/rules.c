/* rules.c — owns the rules reference (see rules.h): loading data/rules.txt all or nothing,
 * finding an entry by rule number or term, and finding rule numbers in a text. */
#include "rules.h"
#include "datafile.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static bool refuse(struct rules *r, char *err, size_t errlen, const char *path, int line,
		 const char *msg)
{
	snprintf(err, errlen, "%s:%d: %s", path, line, msg);
	r->n = r->nlines = 0;
	return false;
}

/* A rule number: digits, then dot-separated digits, then letters/digits of a paragraph. */
static bool rule_number(const char *s)
{
	if (!isdigit((unsigned char)s[0]))
		return false;
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '.')
			return false;
	return true;
}

bool rules_load(struct rules *r, const char *path, char *err, size_t errlen)
{
	r->n = r->nlines = 0;
	FILE *f = datafile_fopen(path, err, errlen); /* a FIFO refused, not waited on */
	if (!f)
		return false;
	char buf[512];
	int ln = 0;
	bool version = false;
	bool ok = true;
	while (ok && fgets(buf, sizeof buf, f)) {
		ln++;
		size_t len = strlen(buf);
		if (len && buf[len - 1] == '\n')
			buf[--len] = 0;
		else if (!feof(f)) {
			ok = refuse(r, err, errlen, path, ln, "line too long");
			break;
		}
		if (!version) {
			if (strcmp(buf, "antietam-rules 1")) {
				ok = refuse(r, err, errlen, path, ln, "expected 'antietam-rules 1'");
				break;
			}
			version = true;
			continue;
		}
		if (buf[0] == '#' || buf[0] == 0)
			continue;
		if (buf[0] == ' ' && buf[1] == ' ') {
			if (r->n == 0) {
				ok = refuse(r, err, errlen, path, ln, "text before the first entry");
				break;
			}
			if (r->nlines >= RULES_LINES || len - 2 >= RULES_LINE_W) {
				ok = refuse(r, err, errlen, path, ln, len - 2 >= RULES_LINE_W ?
					  "text line longer than 99 characters" : "too many lines");
				break;
			}
			memcpy(r->line[r->nlines++], buf + 2, len - 1); /* its NUL too */
			r->entry[r->n - 1].nlines++;
			continue;
		}
		char word[16], key[64], title[128];
		int used = 0;
		if (sscanf(buf, "%15s %63s %n", word, key, &used) < 2 || !buf[used] ||
		    (strcmp(word, "rule") && strcmp(word, "term"))) {
			ok = refuse(r, err, errlen, path, ln, "expected 'rule NUMBER TITLE', "
				  "'term WORD TITLE' or text indented by two spaces");
			break;
		}
		snprintf(title, sizeof title, "%s", buf + used);
		bool term = !strcmp(word, "term");
		if (strlen(key) >= RULES_KEY_W || strlen(title) >= sizeof r->entry[0].title) {
			ok = refuse(r, err, errlen, path, ln, "key or title too long");
			break;
		}
		if (!term && !rule_number(key)) {
			ok = refuse(r, err, errlen, path, ln, "not a rule number");
			break;
		}
		for (int i = 0; i < r->n; i++)
			if (!strcasecmp(r->entry[i].key, key)) {
				ok = refuse(r, err, errlen, path, ln, "entry given twice");
				break;
			}
		if (!ok)
			break;
		if (r->n > 0 && r->entry[r->n - 1].nlines == 0) {
			ok = refuse(r, err, errlen, path, ln - 1, "entry without text");
			break;
		}
		if (r->n >= RULES_MAX) {
			ok = refuse(r, err, errlen, path, ln, "too many entries");
			break;
		}
		struct rules_entry *e = &r->entry[r->n++];
		snprintf(e->key, sizeof e->key, "%s", key);
		snprintf(e->title, sizeof e->title, "%s", title);
		e->term = term;
		e->first = r->nlines;
		e->nlines = 0;
	}
	fclose(f);
	if (ok && !version)
		ok = refuse(r, err, errlen, path, ln, "empty file");
	if (ok && r->n > 0 && r->entry[r->n - 1].nlines == 0)
		ok = refuse(r, err, errlen, path, ln, "entry without text");
	return ok;
}

const struct rules_entry *rules_find(const struct rules *r, const char *key)
{
	char k[RULES_KEY_W];
	snprintf(k, sizeof k, "%s", key);
	for (int i = 0; i < r->n; i++)
		if (r->entry[i].term && !strcasecmp(r->entry[i].key, k))
			return &r->entry[i];
	if (!rule_number(k))
		return NULL;
	for (;;) {
		for (int i = 0; i < r->n; i++)
			if (!r->entry[i].term && !strcmp(r->entry[i].key, k))
				return &r->entry[i];
		/* the section above: drop a trailing paragraph letter/digit, else ".N" */
		size_t len = strlen(k);
		char *dot = strrchr(k, '.');
		if (len && isalpha((unsigned char)k[len - 1])) {
			while (len && isalpha((unsigned char)k[len - 1]))
				k[--len] = 0;
		} else if (dot) {
			/* "11.9A2": the digit after a letter is a paragraph too */
			size_t i = len;
			while (i && isdigit((unsigned char)k[i - 1]))
				i--;
			if (i && isalpha((unsigned char)k[i - 1]))
				k[i] = 0;
			else
				*dot = 0;
		} else {
			return NULL;
		}
		if (!k[0])
			return NULL;
	}
}

int rules_scan(const char *text, char out[][RULES_KEY_W], int max)
{
	int n = 0;
	for (const char *p = text; *p && n < max; p++) {
		if (!isdigit((unsigned char)*p) || (p > text && (isalnum((unsigned char)p[-1]) ||
								 p[-1] == '.')))
			continue;
		/* digits '.' digits, then more '.' digits or paragraph letters and digits */
		const char *q = p;
		while (isdigit((unsigned char)*q))
			q++;
		if (q - p > 2 || *q != '.' || !isdigit((unsigned char)q[1]))
			continue;
		q++;
		while (isdigit((unsigned char)*q) || isupper((unsigned char)*q) ||
		       (*q == '.' && isdigit((unsigned char)q[1])))
			q++;
		size_t len = (size_t)(q - p);
		if (len >= RULES_KEY_W)
			continue;
		char k[RULES_KEY_W];
		memcpy(k, p, len);
		k[len] = 0;
		bool seen = false;
		for (int i = 0; i < n; i++)
			seen |= !strcmp(out[i], k);
		if (!seen)
			memcpy(out[n++], k, sizeof k);
		p = q - 1;
	}
	return n;
}
