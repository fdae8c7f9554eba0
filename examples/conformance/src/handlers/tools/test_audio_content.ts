import type { ToolHandler } from '../../generated/types.gen.js';
import { audio, result } from '../../generated/context.gen.js';
import { WAV_BASE64 } from '../../data/media.js';

/** Tool "test_audio_content": Tests audio content response */
export const testAudioContent: ToolHandler<'test_audio_content'> = async () => result(audio(WAV_BASE64, 'audio/wav'));
