// SPDX-License-Identifier: GPL-2.0
/*
 * dm-model: a test-only device-mapper target for the readahead benchmarks.
 * It makes the device below behave like a disk that serves up to DEPTH
 * requests at a time (1 if not given), each taking an access time plus its
 * size over a transfer rate:
 *
 *	table: <start> <len> model <device> <access_us> <kib_per_s> [<depth>]
 *
 * null_blk alone gives the larger of its completion time and its bandwidth
 * cap, not their sum, and dm-delay's delay overlaps the cap.  Here every
 * bio is held until the modelled disk would have finished it (on the
 * first of its DEPTH servers to be free), then passed to the device below,
 * a null_blk that adds no latency of its own.  Every bio is a request
 * and pays the access time, as in the cover letter's model (readahead of
 * order-0 page cache folios makes bios of at most 1 MiB, BIO_MAX_VECS
 * pages).  Loaded only inside the benchmark guests; not part of the series.
 */
#include <linux/bio.h>
#include <linux/device-mapper.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#define MODEL_MAX_DEPTH	64

struct model {
	struct dm_dev *dev;
	u64 access_ns;
	u64 bytes_per_s;
	unsigned int depth;
	spinlock_t lock;	/* protects all below */
	ktime_t busy_until[MODEL_MAX_DEPTH];	/* when each server is free */
	struct list_head held;	/* model_io, in due order */
	struct hrtimer timer;	/* at the due time of the first held bio */
	struct work_struct release;
};

/* per-bio data: when the modelled disk is done with the bio */
struct model_io {
	ktime_t due;
	struct list_head node;
	struct bio *bio;
};

/* Pass the bios that are due to the device below; wait for the rest. */
static void model_release(struct work_struct *work)
{
	struct model *m = container_of(work, struct model, release);
	struct bio_list due = BIO_EMPTY_LIST;
	ktime_t now = ktime_get();
	struct model_io *io, *next;
	struct bio *bio;

	spin_lock_irq(&m->lock);
	list_for_each_entry_safe(io, next, &m->held, node) {
		if (ktime_after(io->due, now)) {
			hrtimer_start(&m->timer, io->due, HRTIMER_MODE_ABS);
			break;
		}
		list_del(&io->node);
		bio_list_add(&due, io->bio);
	}
	spin_unlock_irq(&m->lock);
	while ((bio = bio_list_pop(&due)))
		submit_bio_noacct(bio);
}

static enum hrtimer_restart model_timer(struct hrtimer *timer)
{
	struct model *m = container_of(timer, struct model, timer);

	queue_work(system_highpri_wq, &m->release);
	return HRTIMER_NORESTART;
}

static int model_map(struct dm_target *ti, struct bio *bio)
{
	struct model *m = ti->private;
	struct model_io *io = dm_per_bio_data(bio, sizeof(*io)), *pos;
	u64 cost = m->access_ns + div64_u64((u64)bio->bi_iter.bi_size * NSEC_PER_SEC,
					    m->bytes_per_s);
	ktime_t now = ktime_get();
	unsigned long flags;
	unsigned int i, s = 0;

	bio_set_dev(bio, m->dev->bdev);
	bio->bi_iter.bi_sector = dm_target_offset(ti, bio->bi_iter.bi_sector);
	io->bio = bio;

	spin_lock_irqsave(&m->lock, flags);
	for (i = 1; i < m->depth; i++)	/* the server free first */
		if (ktime_before(m->busy_until[i], m->busy_until[s]))
			s = i;
	if (ktime_before(m->busy_until[s], now))
		m->busy_until[s] = now;
	m->busy_until[s] = ktime_add_ns(m->busy_until[s], cost);
	io->due = m->busy_until[s];
	/* keep the list in due order: a new bio is usually due last */
	list_for_each_entry_reverse(pos, &m->held, node)
		if (!ktime_after(pos->due, io->due))
			break;
	list_add(&io->node, &pos->node);
	if (list_first_entry(&m->held, struct model_io, node) == io)
		hrtimer_start(&m->timer, io->due, HRTIMER_MODE_ABS);
	spin_unlock_irqrestore(&m->lock, flags);
	return DM_MAPIO_SUBMITTED;
}

static int model_ctr(struct dm_target *ti, unsigned int argc, char **argv)
{
	unsigned long long access_us, kib_per_s;
	unsigned int depth = 1;
	struct model *m;
	char dummy;
	int ret;

	if ((argc != 3 && argc != 4) ||
	    sscanf(argv[1], "%llu%c", &access_us, &dummy) != 1 ||
	    sscanf(argv[2], "%llu%c", &kib_per_s, &dummy) != 1 || !kib_per_s ||
	    access_us > 10 * USEC_PER_SEC ||
	    (argc == 4 && (sscanf(argv[3], "%u%c", &depth, &dummy) != 1 ||
			   !depth || depth > MODEL_MAX_DEPTH))) {
		ti->error = "Arguments: <dev> <access_us <= 10^7> <kib_per_s > 0> [<depth 1-64>]";
		return -EINVAL;
	}
	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	ret = dm_get_device(ti, argv[0], dm_table_get_mode(ti->table), &m->dev);
	if (ret) {
		ti->error = "Device lookup failed";
		kfree(m);
		return ret;
	}
	m->access_ns = access_us * NSEC_PER_USEC;
	m->bytes_per_s = kib_per_s * 1024;
	m->depth = depth;
	spin_lock_init(&m->lock);
	INIT_LIST_HEAD(&m->held);
	hrtimer_init(&m->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	m->timer.function = model_timer;
	INIT_WORK(&m->release, model_release);
	ti->private = m;
	ti->num_flush_bios = 1;
	ti->num_discard_bios = 1;
	ti->per_io_data_size = sizeof(struct model_io);
	return 0;
}

static void model_dtr(struct dm_target *ti)
{
	struct model *m = ti->private;

	/* a table is destroyed suspended: no bio is held any more */
	hrtimer_cancel(&m->timer);
	cancel_work_sync(&m->release);
	dm_put_device(ti, m->dev);
	kfree(m);
}

static int model_iterate_devices(struct dm_target *ti,
				 iterate_devices_callout_fn fn, void *data)
{
	struct model *m = ti->private;

	return fn(ti, m->dev, 0, ti->len, data);
}

static struct target_type model_target = {
	.name = "model",
	.version = {1, 0, 0},
	.module = THIS_MODULE,
	.ctr = model_ctr,
	.dtr = model_dtr,
	.map = model_map,
	.iterate_devices = model_iterate_devices,
};
module_dm(model);

MODULE_DESCRIPTION("Test-only disk model target (access time + transfer rate)");
MODULE_LICENSE("GPL");
