/* test_tui_keys.c — the key table (src/tui/keys.c) and the documents written from it: the
 * part of README.md and of docs/antietam.6 between the keys markers (keys.h) must be what
 * keys_document writes now, so a key added, changed or taken out of the table and not
 * written into them fails here; the help screen is written by the same function. With
 * --write (make keys-doc) the two parts are rewritten instead. Run from the top directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/tui/keys.h"

struct text {
	char *s;
	size_t n, cap;
};

static void add(void *ctx, const char *line)
{
	struct text *t = ctx;
	size_t len = strlen(line) + 1;
	if (t->n + len + 1 > t->cap) {
		t->cap = (t->n + len + 1) * 2;
		t->s = realloc(t->s, t->cap);
		if (!t->s)
			abort();
	}
	memcpy(t->s + t->n, line, len - 1);
	t->n += len;
	t->s[t->n - 1] = '\n';
	t->s[t->n] = 0;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
		free(s);
		s = NULL;
	}
	if (s)
		s[n] = 0;
	fclose(f);
	return s;
}

/* The text between the lines `begin` and `end` of the file's text (a copy), or NULL. */
static char *between(const char *file, const char *begin, const char *end, const char **from,
		     const char **to)
{
	const char *b = strstr(file, begin);
	if (!b)
		return NULL;
	b += strlen(begin);
	if (*b == '\n')
		b++;
	const char *e = strstr(b, end);
	if (!e)
		return NULL;
	*from = b;
	*to = e;
	size_t n = (size_t)(e - b);
	char *s = malloc(n + 1);
	if (!s)
		return NULL;
	memcpy(s, b, n);
	s[n] = 0;
	return s;
}

static char *written(enum keys_doc fmt)
{
	struct text t = { 0 };
	keys_document(fmt, add, &t);
	return t.s;
}

/* Check (or, with write, rewrite) the part of path between begin and end. */
static int part(const char *path, const char *begin, const char *end, enum keys_doc fmt,
		bool write)
{
	char *file = slurp(path), *want = written(fmt);
	const char *from, *to;
	char *have = file ? between(file, begin, end, &from, &to) : NULL;
	int rc = 0;
	if (!have) {
		fprintf(stderr, "%s: no '%s' ... '%s' part\n", path, begin, end);
		rc = 1;
	} else if (write) {
		FILE *f = fopen(path, "wb");
		rc = !f || fwrite(file, 1, (size_t)(from - file), f) != (size_t)(from - file) ||
		     fputs(want, f) < 0 || fputs(to, f) < 0;
		if (f && fclose(f))
			rc = 1;
		if (!rc)
			printf("keys-doc: %s rewritten from the key table\n", path);
	} else if (strcmp(have, want)) {
		fprintf(stderr, "%s: the keys differ from the key table (make keys-doc rewrites "
			"them); the table writes:\n%s", path, want);
		rc = 1;
	}
	free(file);
	free(want);
	free(have);
	return rc;
}

static void test_readme_keys_are_the_table(void **st)
{
	(void)st;
	assert_int_equal(part("README.md", KEYS_MARKDOWN_BEGIN, KEYS_MARKDOWN_END,
			      KEYS_DOC_MARKDOWN, false), 0);
}

static void test_man_page_keys_are_the_table(void **st)
{
	(void)st;
	assert_int_equal(part("docs/antietam.6", KEYS_MAN_BEGIN, KEYS_MAN_END, KEYS_DOC_MAN,
			      false), 0);
}

/* The three documents list the same keys with the same words, in the same order. */
static void test_documents_agree(void **st)
{
	(void)st;
	char *help = written(KEYS_DOC_HELP), *md = written(KEYS_DOC_MARKDOWN),
	     *man = written(KEYS_DOC_MAN);
	int rows_help = 0, rows_md = 0, rows_man = 0;
	for (char *p = help; (p = strstr(p, "\n  ")); p++)
		rows_help++;
	for (char *p = md; (p = strstr(p, "\n| `")); p++)
		rows_md++;
	for (char *p = man; (p = strstr(p, ".TP\n")); p++)
		rows_man++;
	assert_true(rows_help > 40);
	assert_int_equal(rows_help, rows_md);
	assert_int_equal(rows_help, rows_man);
	/* the keys named on the help screen, each line: "  KEYS  text" */
	assert_non_null(strstr(help, "  F1 "));
	assert_non_null(strstr(md, "| `F1` | this help"));
	assert_non_null(strstr(man, ".B \"F1\"\nthis help"));
	free(help);
	free(md);
	free(man);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--write"))
		return part("README.md", KEYS_MARKDOWN_BEGIN, KEYS_MARKDOWN_END, KEYS_DOC_MARKDOWN,
			    true) |
		       part("docs/antietam.6", KEYS_MAN_BEGIN, KEYS_MAN_END, KEYS_DOC_MAN, true);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_readme_keys_are_the_table),
		cmocka_unit_test(test_man_page_keys_are_the_table),
		cmocka_unit_test(test_documents_agree),
	};
	return cmocka_run_group_tests_name("tui_keys", tests, NULL, NULL);
}
