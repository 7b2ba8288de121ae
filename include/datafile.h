/* datafile.h — the one reader behind every loader (data files and position files).
 *
 * A file is text: its first line is "antietam-KIND VERSION"; after it, one record a line,
 * fields separated by blanks, "#" starting a comment that runs to the end of the line, blank
 * lines ignored. Errors are reported as "path:line: message". Loaders read every record into
 * a scratch value and copy it to the caller only when the whole file was good (all or
 * nothing). */
#ifndef ANTIETAM_DATAFILE_H
#define ANTIETAM_DATAFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define DATAFILE_LINE_MAX 4096
#define DATAFILE_FIELDS_MAX 128
#define DATAFILE_ERR_MAX 512

struct datafile {
	const char *path;   /* as given, used in messages */
	FILE *f;
	bool owned;         /* close f in datafile_close */
	int line;           /* number of the line last read */
	int version;        /* from the first line */
	char buf[DATAFILE_LINE_MAX];
	char *field[DATAFILE_FIELDS_MAX];
	int nfields;
	char err[DATAFILE_ERR_MAX];
};

/* Open path for reading when it is a regular file, never blocking (a FIFO or a device is
 * refused without being read: "path: cannot read: it is a FIFO (named pipe), not a regular
 * file"); NULL with err set ("path: cannot open: …") otherwise. Every file the program reads
 * by name is opened here. */
FILE *datafile_fopen(const char *path, char *err, size_t errlen);
/* Open path (datafile_fopen) and check its first line names kind with a version from 1 to max_version.
 * Returns false with df->err set ("path:1: ...", or "path: cannot open: ..."). */
bool datafile_open(struct datafile *df, const char *path, const char *kind, int max_version);
/* The same over an already open stream (not closed by datafile_close); name is for messages. */
bool datafile_open_stream(struct datafile *df, FILE *f, const char *name, const char *kind,
			  int max_version);
/* Read the next record into df->field[0..nfields-1]. Returns 1 for a record, 0 at end of
 * file, -1 on error (a line too long, too many fields, a NUL byte, a carriage return not
 * followed by a line feed: CR-only line ends) with df->err set. */
int datafile_next(struct datafile *df);
/* Set df->err to "path:line: message" and return false (for `return datafile_fail(...)`). */
bool datafile_fail(struct datafile *df, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* datafile_open_stream on f when f is not NULL (path naming it in messages), else
 * datafile_open on path: the two ways every loader is given its file. */
bool datafile_open_either(struct datafile *df, FILE *f, const char *path, const char *kind,
			  int max_version);
/* Close df (an opened stream is not closed: see datafile_open_stream). */
void datafile_close(struct datafile *df);
/* Close df and return ok, copying df's message into err first when ok is false: the end of a
 * loader, whose caller gets the message. */
bool datafile_finish(struct datafile *df, bool ok, char *err, size_t errlen);

/* Field helpers: each returns false (with df->err set) when the field is malformed. */
bool datafile_int(struct datafile *df, int i, int min, int max, int *out);
bool datafile_hex(struct datafile *df, int i, int *out);
/* "key=value" field i: checks the key, returns the value part, or NULL with df->err set. */
const char *datafile_keyval(struct datafile *df, int i, const char *key);
/* Require exactly n fields (or at least n when at_least). */
bool datafile_nfields(struct datafile *df, int n, bool at_least);

#endif
