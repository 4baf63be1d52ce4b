// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the output of evaluated periods on a thread of its own.
 *
 * Decoding a recording is two halves of about equal cost: evaluating every
 * metric of every period (accumulating, Intel's equations) and writing the
 * values out (the shortest decimal of each double, the output's syntax).
 * The evaluator hands the periods' values over in batches and a writer
 * thread makes exactly the calls to intel_oa_output_period() it would
 * have made, in the same order: the output is the same byte for byte, and
 * on two CPUs the halves overlap.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "metrics-cli.h"

/* Periods per batch, batches in flight: enough to keep both sides busy. */
#define BATCH_PERIODS 2048
#define BATCHES 4

struct batch {
	size_t n;
	double *times;		/* t_start, t_end per period */
	double *vals;		/* n_sel per period */
	unsigned int *flags;	/* n_sel per period */
};

/*
 * @lock protects @head, @count and @done: the evaluator fills batch
 * (@head + @count) % BATCHES (@fill, the evaluator's own, NULL while it
 * has none) while @count < BATCHES, and the writer empties batch @head;
 * each side touches only the batch it owns, handed over under @lock.
 */
struct out_pipe {
	struct intel_oa_output *out;
	size_t n_sel;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct batch b[BATCHES];
	unsigned int head, count;
	bool done;
	struct batch *fill;
};

static void *writer(void *arg)
{
	struct out_pipe *p = arg;

	for (;;) {
		struct batch *b;
		size_t i;

		pthread_mutex_lock(&p->lock);
		while (!p->count && !p->done)
			pthread_cond_wait(&p->cond, &p->lock);
		if (!p->count) {
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		b = &p->b[p->head];
		pthread_mutex_unlock(&p->lock);

		for (i = 0; i < b->n; i++)
			intel_oa_output_period(p->out, b->times[2 * i],
					       b->times[2 * i + 1],
					       b->vals + i * p->n_sel,
					       b->flags + i * p->n_sel);
		b->n = 0;

		pthread_mutex_lock(&p->lock);
		p->head = (p->head + 1) % BATCHES;
		p->count--;
		pthread_cond_broadcast(&p->cond);
		pthread_mutex_unlock(&p->lock);
	}
}

static void pipe_free(struct out_pipe *p)
{
	unsigned int i;

	for (i = 0; i < BATCHES; i++) {
		free(p->b[i].times);
		free(p->b[i].vals);
		free(p->b[i].flags);
	}
	free(p);
}

/*
 * A writer thread for @out, which the caller no longer uses directly
 * until out_pipe_finish(). NULL when out of memory or threads.
 */
struct out_pipe *out_pipe_new(struct intel_oa_output *out, size_t n_sel)
{
	struct out_pipe *p = calloc(1, sizeof(*p));
	size_t per = n_sel ? n_sel : 1;
	unsigned int i;

	if (!p)
		return NULL;
	p->out = out;
	p->n_sel = n_sel;
	for (i = 0; i < BATCHES; i++) {
		p->b[i].times = malloc(2 * BATCH_PERIODS * sizeof(double));
		p->b[i].vals = malloc(BATCH_PERIODS * per * sizeof(double));
		p->b[i].flags = malloc(BATCH_PERIODS * per *
				       sizeof(unsigned int));
		if (!p->b[i].times || !p->b[i].vals || !p->b[i].flags) {
			pipe_free(p);
			return NULL;
		}
	}
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->cond, NULL);
	if (pthread_create(&p->thread, NULL, writer, p)) {
		pthread_cond_destroy(&p->cond);
		pthread_mutex_destroy(&p->lock);
		pipe_free(p);
		return NULL;
	}
	return p;
}

/* Hand the batch being filled to the writer; wait for a free one. */
static void submit(struct out_pipe *p)
{
	pthread_mutex_lock(&p->lock);
	if (p->fill && p->fill->n) {
		p->count++;
		pthread_cond_broadcast(&p->cond);
	}
	p->fill = NULL;
	pthread_mutex_unlock(&p->lock);
}

/* The batch the evaluator fills, waiting while all are the writer's. */
static struct batch *filling(struct out_pipe *p)
{
	if (p->fill)
		return p->fill;
	pthread_mutex_lock(&p->lock);
	while (p->count == BATCHES)
		pthread_cond_wait(&p->cond, &p->lock);
	p->fill = &p->b[(p->head + p->count) % BATCHES];
	pthread_mutex_unlock(&p->lock);
	return p->fill;
}

/* One period's values, as intel_oa_output_period() takes them. */
void out_pipe_period(struct out_pipe *p, double t_start_s, double t_end_s,
		     const double *vals, const unsigned int *flags)
{
	struct batch *b = filling(p);

	b->times[2 * b->n] = t_start_s;
	b->times[2 * b->n + 1] = t_end_s;
	memcpy(b->vals + b->n * p->n_sel, vals, p->n_sel * sizeof(*vals));
	memcpy(b->flags + b->n * p->n_sel, flags, p->n_sel * sizeof(*flags));
	if (++b->n == BATCH_PERIODS)
		submit(p);
}

/* Write what is pending, stop the writer and free the pipe. */
void out_pipe_finish(struct out_pipe *p)
{
	submit(p);
	pthread_mutex_lock(&p->lock);
	p->done = true;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	pthread_cond_destroy(&p->cond);
	pthread_mutex_destroy(&p->lock);
	pipe_free(p);
}
