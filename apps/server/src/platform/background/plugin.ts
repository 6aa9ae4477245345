import fp from 'fastify-plugin';

/** One piece of a building's background work (a timer, a poll, a connection's driving). */
export interface BackgroundWork {
  /** For the log. */
  name: string;
  /** Begins the work; reads what it needs from the database, not from this node's memory. */
  start(): void | Promise<void>;
  /** Ends it; settles once nothing of it runs any more. */
  stop(): void | Promise<void>;
}

export interface Background {
  /**
   * Adds a piece of a building's background work. It runs only while this node holds the
   * building's lease (`app.leases`: on SQLite always, on PostgreSQL on one node at a time):
   * the pieces start in the order added and stop in the reverse order. Answers the removal
   * (a building removed): the piece stops, and with the building's last one its lease goes.
   */
  add(house: number, work: BackgroundWork): () => Promise<void>;
  /** Whether this node runs the building's background work now. */
  running(house: number): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

interface House {
  works: BackgroundWork[];
  /** The pieces started, in order (stopped in reverse). */
  started: BackgroundWork[];
  /** Starts and stops run one after another: a lease lost while starting waits for the start. */
  queue: Promise<void>;
  release: (() => Promise<void>) | null;
}

/**
 * Each building's background work (simulation, history, alarms, device polls) as one list per
 * house id, held under the building's lease: one `hold` per building, taken
 * when the server is ready and given up before it closes. When the node holding a lease dies,
 * another takes it at its next try (every 5 s) and starts the whole list.
 */
export default fp(
  async (app) => {
    const houses = new Map<number, House>();
    let ready = false;

    const enqueue = (house: House, step: () => Promise<void>) => {
      house.queue = house.queue.then(step);
      return house.queue;
    };
    const startOne = async (id: number, house: House, work: BackgroundWork) => {
      try {
        await work.start();
        house.started.push(work);
      } catch (error) {
        app.log.error({ err: error, house: id, work: work.name }, 'background work did not start');
      }
    };
    const startAll = (id: number, house: House) =>
      enqueue(house, async () => {
        app.log.info({ house: id }, "this node runs the building's background work");
        for (const work of house.works) await startOne(id, house, work);
      });
    const stopAll = (id: number, house: House) =>
      enqueue(house, async () => {
        if (house.started.length === 0) return;
        app.log.info({ house: id }, "this node stops the building's background work");
        for (const work of house.started.splice(0).reverse()) {
          try {
            await work.stop();
          } catch (error) {
            app.log.error(
              { err: error, house: id, work: work.name },
              'background work did not stop',
            );
          }
        }
      });
    const hold = async (id: number, house: House) => {
      house.release = app.leases.hold(id, {
        start: () => startAll(id, house),
        stop: () => stopAll(id, house),
      });
      // SQLite holds every lease at once: the work has started when the server answers.
      if (app.engine === 'sqlite') await house.queue;
    };

    app.decorate('background', {
      add(id, work) {
        let house = houses.get(id);
        if (!house) {
          house = { works: [], started: [], queue: Promise.resolve(), release: null };
          houses.set(id, house);
        }
        house.works.push(work);
        const added = house;
        const remove = async () => {
          const at = added.works.indexOf(work);
          if (at < 0) return;
          added.works.splice(at, 1);
          await enqueue(added, async () => {
            const started = added.started.indexOf(work);
            if (started < 0) return;
            added.started.splice(started, 1);
            await work.stop();
          }).catch((error: unknown) => {
            app.log.error(
              { err: error, house: id, work: work.name },
              'background work did not stop',
            );
          });
          if (added.works.length === 0 && houses.get(id) === added) {
            houses.delete(id);
            await added.release?.();
          }
        };
        if (!ready) return remove;
        if (!house.release) void hold(id, house);
        else if (app.leases.held().includes(id)) {
          void enqueue(added, () => startOne(id, added, work));
        }
        return remove;
      },
      running: (id) => (houses.get(id)?.started.length ?? 0) > 0,
    } satisfies Background);

    app.addHook('onReady', async () => {
      ready = true;
      for (const [id, house] of houses) await hold(id, house);
    });
    // Before the modules close what their work uses (the database last of all).
    app.addHook('preClose', async () => {
      ready = false;
      await Promise.all([...houses.values()].map((house) => house.release?.()));
    });
  },
  { name: 'background', dependencies: ['database'] },
);
