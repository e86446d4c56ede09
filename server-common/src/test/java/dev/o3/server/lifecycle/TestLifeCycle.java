package dev.o3.server.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.server.lifecycle.LifeCycle.State;
import org.junit.jupiter.api.Test;

class TestLifeCycle {
    @Test
    void normalLifeGoesThroughEveryState() {
        LifeCycle life = new LifeCycle("scm");
        life.transition(State.STARTING);
        life.transition(State.RUNNING);
        life.assertRunning();
        life.transition(State.STOPPING);
        life.transition(State.STOPPED);

        assertThat(life.state()).isEqualTo(State.STOPPED);
    }

    @Test
    void startingTwiceIsRefusedNamingTheComponent() {
        LifeCycle life = new LifeCycle("om1");
        life.transition(State.STARTING);

        assertThatThrownBy(() -> life.transition(State.STARTING))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("om1: cannot go from STARTING to STARTING");
    }

    @Test
    void closeHappensOnceUnderRaces() {
        LifeCycle life = new LifeCycle("dn1");
        life.transition(State.STARTING);
        life.transition(State.RUNNING);

        assertThat(life.compareAndTransition(State.RUNNING, State.STOPPING)).isTrue();
        assertThat(life.compareAndTransition(State.RUNNING, State.STOPPING)).isFalse();
    }

    @Test
    void operationsNeedARunningComponent() {
        LifeCycle life = new LifeCycle("s3g");

        assertThatThrownBy(life::assertRunning).hasMessage("s3g is NEW, not RUNNING");
    }
}
