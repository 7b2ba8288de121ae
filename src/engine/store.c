/* store.c — owns how position files reach the disk: atomic saving, loading, and the autosaves of each game
 * with the `last` pointer that `antietam --resume` follows, in a state directory the
 * program gives (the engine reads no environment: include/paths.h finds it).
 *
 * Atomic means a crash or a full disk never leaves a half-written file under the name the
 * user chose: the text goes to a temporary file in the same directory, is flushed and
 * fsync'd, and only then renamed over the old file; the directory is fsync'd so the rename
 * itself survives a crash. */
#include "position.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datafile.h"

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
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return false;
	/* Some file systems cannot fsync a directory; the rename has been made all the same. */
	bool ok = fsync(fd) == 0 || errno == EINVAL || errno == EROFS;
	close(fd);
	return ok;
}

/* The marker of a temporary file's name: ".BASE.tmp-XXXXXX" beside the file it becomes. */
#define TMP_MARK ".tmp-"

/* Where a save to `path` really writes and with what mode: a symlink is followed to the file
 * it names (the link stays a link); an existing file must be a regular file with one link
 * (replacing it keeps its mode); a new file gets 0666 less the umask. False with err set
 * when the save must not happen. */
static bool save_target(const char *path, char *target, size_t len, mode_t *mode, char *err,
			size_t errlen)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		if (errno != ENOENT) {
			snprintf(err, errlen, "%s: cannot save: %s", path, strerror(errno));
			return false;
		}
		mode_t mask = umask(022);
		umask(mask);
		*mode = 0666 & ~mask;
		snprintf(target, len, "%s", path);
		return true;
	}
	if (S_ISLNK(st.st_mode)) {
		char real[PATH_MAX];
		if (!realpath(path, real)) {
			snprintf(err, errlen, "%s: cannot save: a symbolic link to nothing (%s)", path,
				 strerror(errno));
			return false;
		}
		if (strlen(real) >= len) {
			snprintf(err, errlen, "%s: cannot save: the link's target path is too long", path);
			return false;
		}
		snprintf(target, len, "%s", real);
		if (stat(real, &st) != 0) {
			snprintf(err, errlen, "%s: cannot save: %s", path, strerror(errno));
			return false;
		}
	} else {
		snprintf(target, len, "%s", path);
	}
	const char *what = NULL;
	if (S_ISDIR(st.st_mode))
		what = "it is a directory";
	else if (S_ISFIFO(st.st_mode))
		what = "it is a FIFO (named pipe), not a regular file";
	else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
		what = "it is a device, not a regular file";
	else if (!S_ISREG(st.st_mode))
		what = "it is not a regular file";
	if (what) {
		snprintf(err, errlen, "%s: cannot save: %s; nothing written", path, what);
		return false;
	}
	if (st.st_nlink > 1) {
		snprintf(err, errlen, "%s: cannot save: the file has %ju hard links, which replacing it "
			 "would break; save under another name", path, (uintmax_t)st.st_nlink);
		return false;
	}
	*mode = st.st_mode & 07777;
	return true;
}

/* Write via fn(arg, f) to a temporary file beside path, then rename it to path. */
static bool save_atomic(const char *path, bool (*fn)(const void *arg1, const void *arg2, FILE *f),
			const void *arg1, const void *arg2, char *err, size_t errlen)
{
	char target[POSITION_PATH_MAX], dir[POSITION_PATH_MAX], tmp[POSITION_PATH_MAX + 32];
	if (strlen(path) >= POSITION_PATH_MAX || !*path) {
		snprintf(err, errlen, "%.100s: path empty or too long", path);
		return false;
	}
	mode_t mode;
	if (!save_target(path, target, sizeof target, &mode, err, errlen))
		return false;
	dir_of(target, dir, sizeof dir);
	const char *base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	/* a short enough name: a 250-character file name still has room for the suffix */
	int len = snprintf(tmp, sizeof tmp, "%s/.%.200s" TMP_MARK "XXXXXX", dir, base);
	int fd = len > 0 && (size_t)len < sizeof tmp ? mkstemp(tmp) : (errno = ENAMETOOLONG, -1);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create a temporary file in %s: %s", path, dir,
			 strerror(errno));
		return false;
	}
	fchmod(fd, mode);
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
	if (ok && rename(tmp, target) != 0) {
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

bool store_save(const struct game *g, const struct position_record *rec, const char *path,
		char *err, size_t errlen)
{
	return save_atomic(path, write_position, g, rec, err, errlen);
}

bool store_load(struct game *g, struct position_record *rec, const struct scenario *s,
		const char *path, char *err, size_t errlen)
{
	FILE *f = datafile_fopen(path, err, errlen);
	if (!f)
		return false;
	bool ok = position_read(g, rec, s, f, path, err, errlen);
	fclose(f);
	return ok;
}

/* ---- the state directory: autosaves and `last` ---- */

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

/* Take the state directory's lock (`.lock`, an flock shared by every process that writes
 * there): the descriptor to give to unlock, or -1 with err set. */
static int lock_dir(const char *dir, char *err, size_t errlen)
{
	char path[POSITION_PATH_MAX + 8];
	snprintf(path, sizeof path, "%s/.lock", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot open the lock: %s", path, strerror(errno));
		return -1;
	}
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			snprintf(err, errlen, "%s: cannot lock: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
	}
	return fd;
}

static void unlock_dir(int fd)
{
	flock(fd, LOCK_UN);
	close(fd);
}

static bool write_text(const void *text, const void *unused, FILE *f)
{
	(void)unused;
	return fputs(text, f) >= 0;
}

/* Point `last` at path (made absolute); the lock is held. */
static bool set_last_locked(const char *dir, const char *path, char *err, size_t errlen)
{
	char last[POSITION_PATH_MAX + 8], abs[PATH_MAX + 2];
	if (!realpath(path, abs)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	strcat(abs, "\n");
	snprintf(last, sizeof last, "%s/last", dir);
	return save_atomic(last, write_text, abs, NULL, err, errlen);
}

bool store_set_last(const char *dir, const char *path, char *err, size_t errlen)
{
	if (!make_dirs(dir, err, errlen))
		return false;
	int lock = lock_dir(dir, err, errlen);
	if (lock < 0)
		return false;
	bool ok = set_last_locked(dir, path, err, errlen);
	unlock_dir(lock);
	return ok;
}

bool store_last(const char *dir, char *buf, size_t len, char *err, size_t errlen)
{
	char last[POSITION_PATH_MAX + 8];
	snprintf(last, sizeof last, "%s/last", dir);
	struct stat st;
	if (stat(last, &st) != 0) {
		snprintf(err, errlen, "no game to resume (%s: %s)", last, strerror(errno));
		return false;
	}
	char oerr[POSITION_PATH_MAX + 64];
	FILE *f = datafile_fopen(last, oerr, sizeof oerr);
	if (!f) {
		snprintf(err, errlen, "%s (it should be a one-line file naming the last game saved)",
			 oerr);
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

bool store_id_valid(const char *id)
{
	size_t n = strlen(id);
	if (n == 0 || n >= POSITION_ID_MAX)
		return false;
	return strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == n;
}

/* "autosave-ID-SEQ.pos": the id (into id) and SEQ; false for any other name. */
static bool autosave_name(const char *name, char *id, size_t idlen, long *seq)
{
	size_t n = strlen(name);
	if (strncmp(name, "autosave-", 9) != 0 || n < 9 + 1 + 1 + 1 + 4 ||
	    strcmp(name + n - 4, ".pos") != 0)
		return false;
	const char *dash = name + n - 4;
	while (dash > name + 9 && dash[-1] >= '0' && dash[-1] <= '9')
		dash--;
	if (dash == name + n - 4 || dash[-1] != '-' || dash - 1 == name + 9)
		return false;
	char *end;
	errno = 0;
	*seq = strtol(dash, &end, 10);
	if (errno || end != name + n - 4 || *seq < 1)
		return false;
	size_t idn = (size_t)(dash - 1 - (name + 9));
	if (idn >= idlen)
		return false;
	memcpy(id, name + 9, idn);
	id[idn] = 0;
	return store_id_valid(id);
}

bool store_autosave_id(const char *path, char *id, size_t idlen)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	long seq;
	return autosave_name(base, id, idlen, &seq);
}

/* The sequence numbers of game id's autosaves in dir: the highest into *newest, and how many
 * there are; -1 with err set when dir cannot be read. */
static int autosave_seqs(const char *dir, const char *id, long *newest, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
		return -1;
	}
	int n = 0;
	*newest = 0;
	char got[POSITION_ID_MAX];
	long seq;
	for (struct dirent *e; (e = readdir(d));)
		if (autosave_name(e->d_name, got, sizeof got, &seq) && !strcmp(got, id)) {
			n++;
			if (seq > *newest)
				*newest = seq;
		}
	closedir(d);
	return n;
}

/* Remove game id's autosaves older than the newest `keep` (newest: the highest number). */
static void autosave_prune(const char *dir, const char *id, long newest, int keep)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char got[POSITION_ID_MAX], path[POSITION_PATH_MAX + 300];
	long seq;
	for (struct dirent *e; (e = readdir(d));)
		if (autosave_name(e->d_name, got, sizeof got, &seq) && !strcmp(got, id) &&
		    seq <= newest - keep) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			unlink(path);
		}
	closedir(d);
}

bool store_autosave(const char *dir, const char *id, const struct game *g,
		    const struct position_record *rec, char *err, size_t errlen)
{
	if (!store_id_valid(id)) {
		snprintf(err, errlen, "'%.60s' is not a game id (1 to %d letters, digits or '_')", id,
			 POSITION_ID_MAX - 1);
		return false;
	}
	if (strlen(dir) + POSITION_ID_MAX + 32 >= POSITION_PATH_MAX) {
		snprintf(err, errlen, "%.100s: the state directory's path is too long", dir);
		return false;
	}
	if (!make_dirs(dir, err, errlen))
		return false;
	int lock = lock_dir(dir, err, errlen);
	if (lock < 0)
		return false;
	long newest;
	bool ok = autosave_seqs(dir, id, &newest, err, errlen) >= 0;
	char path[POSITION_PATH_MAX];
	if (ok) {
		/* 1. The new autosave is complete on disk (file and directory synced) under a new
		 * name; no older one has moved. 2. `last` names it (atomically, synced). 3. Only
		 * then do the oldest go. A kill between any two steps leaves `last` naming a whole
		 * file: the new one, or the one before it, which step 3 never removes. */
		snprintf(path, sizeof path, "%s/autosave-%s-%06ld.pos", dir, id, newest + 1);
		ok = store_save(g, rec, path, err, errlen) && set_last_locked(dir, path, err, errlen);
	}
	if (ok) {
		autosave_prune(dir, id, newest + 1, POSITION_AUTOSAVES);
		sync_dir(dir);
	}
	unlock_dir(lock);
	return ok;
}

/* The "turn N side phase" line of a position file (its first 40 lines), or "". */
static void peek_turn(const char *path, char *buf, size_t len)
{
	char err[64], line[256];
	buf[0] = 0;
	FILE *f = datafile_fopen(path, err, sizeof err);
	if (!f)
		return;
	for (int i = 0; i < 40 && fgets(line, sizeof line, f); i++)
		if (!strncmp(line, "turn ", 5)) {
			line[strcspn(line, "\r\n")] = 0;
			snprintf(buf, len, "%.60s", line);
			break;
		}
	fclose(f);
}

static int newer_first(const void *a, const void *b)
{
	const struct position_game *x = a, *y = b;
	return x->when_ns < y->when_ns ? 1 : x->when_ns > y->when_ns ? -1 : strcmp(x->id, y->id);
}

int store_recent_games(const char *dir, struct position_game *out, int max, char *err,
		       size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
		return -1;
	}
	enum { GAMES_MAX = 256 };
	struct position_game *all = calloc(GAMES_MAX, sizeof *all);
	long *top = calloc(GAMES_MAX, sizeof *top);
	if (!all || !top) {
		free(all);
		free(top);
		closedir(d);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int n = 0;
	char id[POSITION_ID_MAX];
	long seq;
	for (struct dirent *e; (e = readdir(d));) {
		if (!autosave_name(e->d_name, id, sizeof id, &seq))
			continue;
		int i = 0;
		while (i < n && strcmp(all[i].id, id))
			i++;
		if (i == n) {
			if (n == GAMES_MAX)
				continue;
			snprintf(all[n++].id, sizeof all->id, "%s", id);
		}
		all[i].nsaves++;
		if (seq > top[i]) {
			top[i] = seq;
			if (snprintf(all[i].path, sizeof all->path, "%s/%s", dir, e->d_name) >=
			    (int)sizeof all->path)
				all[i].path[0] = 0;
		}
	}
	closedir(d);
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (stat(all[i].path, &st) == 0) {
			all[i].when = st.st_mtim.tv_sec;
			all[i].when_ns = st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
		}
		peek_turn(all[i].path, all[i].turn, sizeof all[i].turn);
	}
	qsort(all, (size_t)n, sizeof *all, newer_first);
	if (n > max)
		n = max;
	memcpy(out, all, (size_t)n * sizeof *out);
	free(all);
	free(top);
	return n;
}

int store_autosave_clean(const char *dir, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		if (errno == ENOENT)
			return 0; /* nothing saved yet */
		snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
		return -1;
	}
	closedir(d);
	/* Under the lock no save is under way: every temporary file left is a killed save's. */
	int lock = lock_dir(dir, err, errlen);
	if (lock < 0)
		return -1;
	d = opendir(dir);
	int n = 0;
	char path[POSITION_PATH_MAX + 300];
	for (struct dirent *e; d && (e = readdir(d));)
		if (e->d_name[0] == '.' && strstr(e->d_name, TMP_MARK)) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			struct stat st;
			if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0)
				n++;
		}
	if (d)
		closedir(d);
	/* Only the POSITION_GAMES_KEPT games saved most recently keep their autosaves (and the
	 * game `last` names, however old): every game has its own files, which would otherwise
	 * pile up game after game. */
	enum { LISTED = 256 };
	struct position_game *game = calloc(LISTED, sizeof *game);
	char last[POSITION_PATH_MAX], real[PATH_MAX], lerr[64];
	if (!store_last(dir, last, sizeof last, lerr, sizeof lerr))
		last[0] = 0;
	int ng = game ? store_recent_games(dir, game, LISTED, lerr, sizeof lerr) : 0;
	for (int i = POSITION_GAMES_KEPT; i < ng; i++)
		if (!last[0] || !realpath(game[i].path, real) || strcmp(real, last)) {
			autosave_prune(dir, game[i].id, LONG_MAX, 0);
			n += game[i].nsaves;
		}
	free(game);
	unlock_dir(lock);
	return n;
}
