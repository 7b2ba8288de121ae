/* datafile.c — owns the line format shared by every loader: the version line, comments,
 * field splitting and "path:line: message" errors (printable text only: they quote the
 * file's fields and its path, and reach the terminal). */
#include "datafile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hex.h"
#include "printable.h"

bool datafile_fail(struct datafile *df, const char *fmt, ...)
{
	char msg[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	char raw[sizeof df->err];
	snprintf(raw, sizeof raw, "%.200s:%d: %.280s", df->path, df->line, msg);
	/* a field or a path may hold escape sequences a terminal would obey (issue 33) */
	text_printable(df->err, sizeof df->err, raw);
	return false;
}

/* Read one physical line into buf; 1 ok, 0 eof, -1 error. */
static int read_line(struct datafile *df)
{
	size_t len = 0;
	int c;
	bool any = false;
	df->line++;
	while ((c = getc(df->f)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		if (c == '\0') {
			datafile_fail(df, "NUL byte in text");
			return -1;
		}
		if (c == '\r') {
			int next = getc(df->f);
			if (next != '\n' && next != EOF) {
				datafile_fail(df, "a carriage return inside a line: the file has CR-only "
					      "line ends (old Mac style); save it with LF (or CRLF) line ends");
				return -1;
			}
			ungetc(next, df->f);
		}
		if (len + 1 >= sizeof df->buf) {
			datafile_fail(df, "line longer than %d characters", DATAFILE_LINE_MAX - 1);
			return -1;
		}
		df->buf[len++] = (char)c;
	}
	if (ferror(df->f)) {
		datafile_fail(df, "read error: %s", strerror(errno));
		return -1;
	}
	if (!any) {
		df->line--;
		return 0;
	}
	if (len && df->buf[len - 1] == '\r')
		len--;
	df->buf[len] = 0;
	return 1;
}

/* Split buf into blank-separated fields, stopping at '#'. */
static int split(struct datafile *df)
{
	char *p = df->buf;
	df->nfields = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			break;
		if (df->nfields == DATAFILE_FIELDS_MAX) {
			datafile_fail(df, "more than %d fields", DATAFILE_FIELDS_MAX);
			return -1;
		}
		df->field[df->nfields++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '#')
			p++;
		if (*p == '#') {
			*p = 0;
			break;
		}
		if (*p)
			*p++ = 0;
	}
	return 0;
}

int datafile_next(struct datafile *df)
{
	for (;;) {
		int r = read_line(df);
		if (r <= 0)
			return r;
		if (split(df) < 0)
			return -1;
		if (df->nfields)
			return 1;
	}
}

bool datafile_open_stream(struct datafile *df, FILE *f, const char *name, const char *kind,
			  int max_version)
{
	memset(df, 0, sizeof *df);
	df->path = name;
	df->f = f;
	int r = datafile_next(df);
	if (r < 0)
		return false;
	if (r == 0) {
		df->line = 1;
		return datafile_fail(df, "empty file: expected 'antietam-%s VERSION'", kind);
	}
	char want[64];
	snprintf(want, sizeof want, "antietam-%s", kind);
	if (df->nfields != 2 || strcmp(df->field[0], want) != 0)
		return datafile_fail(df, "expected first line 'antietam-%s VERSION'", kind);
	if (!datafile_int(df, 1, 1, max_version, &df->version))
		return datafile_fail(df, "unsupported %s format version '%s' (this program reads 1 to %d)",
				     kind, df->field[1], max_version);
	return true;
}

FILE *datafile_fopen(const char *path, char *err, size_t errlen)
{
	/* O_NONBLOCK: opening a FIFO with no writer would otherwise wait for ever. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	const char *what = NULL;
	if (fstat(fd, &st) != 0)
		what = strerror(errno);
	else if (S_ISDIR(st.st_mode))
		what = "it is a directory, not a file";
	else if (S_ISFIFO(st.st_mode))
		what = "it is a FIFO (named pipe), not a regular file";
	else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
		what = "it is a device, not a regular file";
	else if (!S_ISREG(st.st_mode))
		what = "not a regular file";
	if (what) {
		snprintf(err, errlen, "%s: cannot read: %s", path, what);
		close(fd);
		return NULL;
	}
	int flags = fcntl(fd, F_GETFL);
	FILE *f = flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0 ? NULL : fdopen(fd, "r");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		close(fd);
	}
	return f;
}

bool datafile_open(struct datafile *df, const char *path, const char *kind, int max_version)
{
	char err[DATAFILE_ERR_MAX];
	FILE *f = datafile_fopen(path, err, sizeof err);
	if (!f) {
		memset(df, 0, sizeof *df);
		df->path = path;
		text_printable(df->err, sizeof df->err, err);
		return false;
	}
	bool ok = datafile_open_stream(df, f, path, kind, max_version);
	df->owned = true;
	if (!ok) {
		fclose(f);
		df->f = NULL;
		df->owned = false;
	}
	return ok;
}

bool datafile_open_either(struct datafile *df, FILE *f, const char *path, const char *kind,
			  int max_version)
{
	return f ? datafile_open_stream(df, f, path, kind, max_version)
		 : datafile_open(df, path, kind, max_version);
}

void datafile_close(struct datafile *df)
{
	if (df->f && df->owned)
		fclose(df->f);
	df->f = NULL;
}

bool datafile_finish(struct datafile *df, bool ok, char *err, size_t errlen)
{
	if (!ok)
		snprintf(err, errlen, "%s", df->err);
	datafile_close(df);
	return ok;
}

bool datafile_int(struct datafile *df, int i, int min, int max, int *out)
{
	if (i >= df->nfields)
		return datafile_fail(df, "missing field %d", i + 1);
	const char *s = df->field[i];
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno)
		return datafile_fail(df, "'%s' is not a number", s);
	if (v < min || v > max)
		return datafile_fail(df, "%ld out of range %d..%d", v, min, max);
	*out = (int)v;
	return true;
}

bool datafile_hex(struct datafile *df, int i, int *out)
{
	if (i >= df->nfields)
		return datafile_fail(df, "missing hex (field %d)", i + 1);
	if (!hex_parse(df->field[i], out))
		return datafile_fail(df, "'%s' is not a hex on the map (CCRR, columns 10-42, rows 00-44)",
				     df->field[i]);
	return true;
}

const char *datafile_keyval(struct datafile *df, int i, const char *key)
{
	if (i >= df->nfields) {
		datafile_fail(df, "missing field %s=", key);
		return NULL;
	}
	size_t n = strlen(key);
	const char *s = df->field[i];
	if (strncmp(s, key, n) != 0 || s[n] != '=') {
		datafile_fail(df, "expected %s=..., found '%s'", key, s);
		return NULL;
	}
	return s + n + 1;
}

bool datafile_nfields(struct datafile *df, int n, bool at_least)
{
	if (df->nfields == n || (at_least && df->nfields > n))
		return true;
	return datafile_fail(df, "expected %s%d fields, found %d", at_least ? "at least " : "", n,
			     df->nfields);
}
