//! Move sounds, made by the browser's audio synthesiser rather than shipped
//! as files: a soft tap for a move, a lower knock for a capture, three
//! rising notes for the end of a match or game, a short buzz for a refused
//! move. Nothing sounds until the page has been interacted with (browsers
//! require it), and never when sounds are off.

use std::cell::RefCell;

use web_sys::{AudioContext, OscillatorType};

use ludoteca_core::session::flow::Sound;

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// One tone: waveform, start and end frequency (Hz), start offset and
/// length (s), and peak volume.
struct Tone(OscillatorType, f32, f32, f64, f64, f32);

fn tones(sound: Sound) -> Vec<Tone> {
    use OscillatorType::{Sawtooth, Sine, Square, Triangle};
    match sound {
        Sound::Move => vec![Tone(Triangle, 520.0, 330.0, 0.0, 0.07, 0.22)],
        Sound::Capture => {
            vec![Tone(Square, 240.0, 150.0, 0.0, 0.06, 0.12), Tone(Triangle, 180.0, 120.0, 0.05, 0.08, 0.2)]
        }
        Sound::End => vec![
            Tone(Sine, 523.0, 523.0, 0.0, 0.14, 0.2),
            Tone(Sine, 659.0, 659.0, 0.12, 0.14, 0.2),
            Tone(Sine, 784.0, 784.0, 0.24, 0.3, 0.2),
        ],
        Sound::Illegal => vec![Tone(Sawtooth, 130.0, 110.0, 0.0, 0.12, 0.08)],
    }
}

/// Plays `sound`. Failures (no audio in this browser) are silent.
pub fn play(sound: Sound) {
    CONTEXT.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = AudioContext::new().ok();
        }
        let Some(ctx) = cell.as_ref() else { return };
        let now = ctx.current_time();
        for Tone(wave, from, to, at, length, volume) in tones(sound) {
            let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else { return };
            osc.set_type(wave);
            let start = now + at;
            let end = start + length;
            let _ = osc.frequency().set_value_at_time(from, start);
            let _ = osc.frequency().exponential_ramp_to_value_at_time(to, end);
            let level = gain.gain();
            let _ = level.set_value_at_time(0.0001, start);
            let _ = level.exponential_ramp_to_value_at_time(volume, start + 0.01);
            let _ = level.exponential_ramp_to_value_at_time(0.0001, end);
            if osc.connect_with_audio_node(&gain).is_err() || gain.connect_with_audio_node(&ctx.destination()).is_err()
            {
                return;
            }
            let _ = osc.start_with_when(start);
            let _ = osc.stop_with_when(end + 0.02);
        }
    });
}
