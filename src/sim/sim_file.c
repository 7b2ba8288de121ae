/* sim_file.c — owns how the simulator's files reach the disk: each is composed in memory and
 * written through store_write (position.h), the program's one writer: a temporary beside the
 * file renamed over it, so a full disk or a kill never leaves a half-written or empty file
 * under its name, and a FIFO or device given as a file is refused without blocking
 * (issue 33). */
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "sim_internal.h"

bool sim_out_open(struct sim_out *o)
{
	o->text = NULL;
	o->len = 0;
	o->f = open_memstream(&o->text, &o->len);
	return o->f != NULL;
}

static bool put_text(void *arg, FILE *f)
{
	const struct sim_out *o = arg;
	return fwrite(o->text, 1, o->len, f) == o->len;
}

bool sim_out_write(struct sim_out *o, const char *path, char *err, size_t errlen)
{
	bool ok = !ferror(o->f);
	ok &= fclose(o->f) == 0;
	o->f = NULL;
	if (!ok)
		snprintf(err, errlen, "%s: out of memory", path);
	else
		ok = store_write(path, put_text, o, err, errlen);
	free(o->text);
	o->text = NULL;
	return ok;
}

void sim_out_drop(struct sim_out *o)
{
	if (o->f)
		fclose(o->f);
	o->f = NULL;
	free(o->text);
	o->text = NULL;
}
