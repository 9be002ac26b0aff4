using UnityEngine;
using UnityEngine.Audio;

namespace Skyward.Audio
{
    public sealed class AudioManager : MonoBehaviour
    {
        [SerializeField] private AudioMixer mixer;
        [SerializeField] private AudioSource sfxSource;

        public void PlayOneShot(AudioClip clip, float volume = 1f) => sfxSource.PlayOneShot(clip, volume);

        public void SetMusicVolume(float linear) =>
            mixer.SetFloat("MusicVolume", Mathf.Log10(Mathf.Max(linear, 0.0001f)) * 20f);
    }
}
