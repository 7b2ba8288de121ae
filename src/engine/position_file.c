/* position_file.c — owns where position files live and how they reach the disk: the game
 * record (the action log kept beside a struct game), atomic saving, loading, and the
 * rotating autosaves with the `last` pointer that `antietam --resume` follows.
 *
 * Atomic means a crash or a full disk never leaves a half-written file under the name the
 * user chose: the text goes to a temporary file in the same directory, is flushed and
 * fsync'd, and only then renamed over the old file; the directory is fsync'd so the rename
 * itself survives a crash. */
#include "position.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the record ---- */

void position_record_init(struct position_record *r, enum game_setup setup, uint64_t seed,
			  const struct game_options *opt)
{
	memset(r, 0, sizeof *r);
	r->setup = setup;
	r->seed = seed;
	r->has_start = true;
	if (opt)
		r->opt = *opt;
}

bool position_record_add(struct position_record *r, const char *text)
{
	size_t len = strlen(text);
	if (len >= POSITION_ACTION_TEXT || strpbrk(text, "\r\n"))
		return false;
	if (r->n == r->cap) {
		int cap = r->cap ? r->cap * 2 : 64;
		char **a = realloc(r->action, (size_t)cap * sizeof *a);
		if (!a)
			return false;
		r->action = a;
		char **nt = realloc(r->note, (size_t)cap * sizeof *nt);
		if (!nt)
			return false;
		r->note = nt;
		r->cap = cap;
	}
	char *copy = malloc(len + 1);
	if (!copy)
		return false;
	memcpy(copy, text, len + 1);
	r->note[r->n] = NULL;
	r->action[r->n++] = copy;
	return true;
}

bool position_record_note(struct position_record *r, const char *note)
{
	if (r->n == 0 || !note || !*note)
		return r->n > 0 || !note || !*note;
	size_t old = r->note[r->n - 1] ? strlen(r->note[r->n - 1]) : 0, len = strlen(note);
	if (strchr(note, '\r'))
		return false;
	char *more = realloc(r->note[r->n - 1], old + len + 2);
	if (!more)
		return false;
	if (old)
		more[old++] = '\n';
	memcpy(more + old, note, len + 1);
	r->note[r->n - 1] = more;
	return true;
}

void position_record_truncate(struct position_record *r, int n)
{
	if (n < 0)
		n = 0;
	while (r->n > n) {
		r->n--;
		free(r->action[r->n]);
		free(r->note[r->n]);
	}
}

bool position_record_copy(struct position_record *dst, const struct position_record *src)
{
	position_record_init(dst, src->setup, src->seed, &src->opt);
	dst->has_start = src->has_start;
	if (!event_log_copy(&dst->events, &src->events)) {
		position_record_free(dst);
		return false;
	}
	for (int i = 0; i < src->n; i++)
		if (!position_record_add(dst, src->action[i]) ||
		    !position_record_note(dst, src->note[i])) {
			position_record_free(dst);
			return false;
		}
	return true;
}

void position_record_free(struct position_record *r)
{
	for (int i = 0; i < r->n; i++) {
		free(r->action[i]);
		free(r->note[i]);
	}
	free(r->action);
	free(r->note);
	r->action = NULL;
	r->note = NULL;
	r->n = r->cap = 0;
	r->has_start = false;
	event_log_free(&r->events);
}

/* ---- atomic files ---- */

/* The directory part of path ("." when it has none). */
static void dir_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

static bool sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return false;
	/* Some file systems cannot fsync a directory; the rename has been made all the same. */
	bool ok = fsync(fd) == 0 || errno == EINVAL || errno == EROFS;
	close(fd);
	return ok;
}

/* Write via fn(arg, f) to a temporary file beside path, then rename it to path. */
static bool save_atomic(const char *path, bool (*fn)(const void *arg1, const void *arg2, FILE *f),
			const void *arg1, const void *arg2, char *err, size_t errlen)
{
	char dir[POSITION_PATH_MAX], tmp[POSITION_PATH_MAX + 32];
	if (strlen(path) >= POSITION_PATH_MAX || !*path) {
		snprintf(err, errlen, "%.100s: path empty or too long", path);
		return false;
	}
	dir_of(path, dir, sizeof dir);
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create a temporary file in %s: %s", path, dir,
			 strerror(errno));
		return false;
	}
	fchmod(fd, 0644);
	FILE *f = fdopen(fd, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return false;
	}
	errno = 0;
	bool ok = fn(arg1, arg2, f) && fflush(f) == 0 && fsync(fileno(f)) == 0;
	int saved = errno ? errno : EIO;
	if (fclose(f) != 0 && ok) {
		ok = false;
		saved = errno;
	}
	if (ok && rename(tmp, path) != 0) {
		ok = false;
		saved = errno;
	}
	if (!ok) {
		unlink(tmp);
		snprintf(err, errlen, "%s: cannot save: %s", path, strerror(saved));
		return false;
	}
	if (!sync_dir(dir)) {
		snprintf(err, errlen, "%s: saved, but syncing the directory failed: %s", path,
			 strerror(errno));
		return false;
	}
	return true;
}

static bool write_position(const void *g, const void *rec, FILE *f)
{
	return position_write(g, rec, f);
}

bool position_save(const struct game *g, const struct position_record *rec, const char *path,
		   char *err, size_t errlen)
{
	return save_atomic(path, write_position, g, rec, err, errlen);
}

bool position_load(struct game *g, struct position_record *rec, const struct scenario *s,
		   const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return false;
	}
	bool ok = position_read(g, rec, s, f, path, err, errlen);
	fclose(f);
	return ok;
}

/* ---- autosave ---- */

bool position_autosave_dir(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int n;
	/* XDG base directories: a relative path is invalid and must be ignored. */
	if (xdg && xdg[0] == '/')
		n = snprintf(buf, len, "%s/antietam", xdg);
	else if (home && home[0])
		n = snprintf(buf, len, "%s/.local/state/antietam", home);
	else
		return false;
	return n > 0 && (size_t)n < len;
}

/* mkdir -p with mode 0700 for what it creates. */
static bool make_dirs(const char *dir, char *err, size_t errlen)
{
	char buf[POSITION_PATH_MAX];
	snprintf(buf, sizeof buf, "%s", dir);
	for (char *p = buf + 1;; p++) {
		if (*p == '/' || *p == 0) {
			char c = *p;
			*p = 0;
			if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
				snprintf(err, errlen, "%s: cannot create: %s", buf, strerror(errno));
				return false;
			}
			*p = c;
			if (!c)
				break;
		}
	}
	return true;
}

static bool write_text(const void *text, const void *unused, FILE *f)
{
	(void)unused;
	return fputs(text, f) >= 0;
}

bool position_set_last(const char *path, char *err, size_t errlen)
{
	char dir[POSITION_PATH_MAX], last[POSITION_PATH_MAX + 8], abs[PATH_MAX + 2];
	if (!position_autosave_dir(dir, sizeof dir)) {
		snprintf(err, errlen, "no autosave directory: set XDG_STATE_HOME or HOME");
		return false;
	}
	if (!make_dirs(dir, err, errlen))
		return false;
	if (!realpath(path, abs)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	strcat(abs, "\n");
	snprintf(last, sizeof last, "%s/last", dir);
	return save_atomic(last, write_text, abs, NULL, err, errlen);
}

bool position_last(char *buf, size_t len, char *err, size_t errlen)
{
	char dir[POSITION_PATH_MAX], last[POSITION_PATH_MAX + 8];
	if (!position_autosave_dir(dir, sizeof dir)) {
		snprintf(err, errlen, "no autosave directory: set XDG_STATE_HOME or HOME");
		return false;
	}
	snprintf(last, sizeof last, "%s/last", dir);
	FILE *f = fopen(last, "r");
	if (!f) {
		snprintf(err, errlen, "no game to resume (%s: %s)", last, strerror(errno));
		return false;
	}
	bool ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = 0;
	if (!ok || !buf[0]) {
		snprintf(err, errlen, "%s: empty", last);
		return false;
	}
	return true;
}

bool position_autosave(const struct game *g, const struct position_record *rec, char *err,
		       size_t errlen)
{
	char dir[POSITION_PATH_MAX], from[POSITION_PATH_MAX + 32], to[POSITION_PATH_MAX + 32];
	if (!position_autosave_dir(dir, sizeof dir)) {
		snprintf(err, errlen, "no autosave directory: set XDG_STATE_HOME or HOME");
		return false;
	}
	if (!make_dirs(dir, err, errlen))
		return false;
	/* The new save is complete on disk before any older one moves. */
	snprintf(from, sizeof from, "%s/autosave-new.pos", dir);
	if (!position_save(g, rec, from, err, errlen))
		return false;
	for (int i = POSITION_AUTOSAVES; i > 1; i--) {
		snprintf(from, sizeof from, "%s/autosave-%d.pos", dir, i - 1);
		snprintf(to, sizeof to, "%s/autosave-%d.pos", dir, i);
		if (rename(from, to) != 0 && errno != ENOENT) {
			snprintf(err, errlen, "%s: cannot rotate: %s", from, strerror(errno));
			return false;
		}
	}
	snprintf(from, sizeof from, "%s/autosave-new.pos", dir);
	snprintf(to, sizeof to, "%s/autosave-1.pos", dir);
	if (rename(from, to) != 0) {
		snprintf(err, errlen, "%s: cannot rename: %s", from, strerror(errno));
		return false;
	}
	sync_dir(dir);
	return position_set_last(to, err, errlen);
}
