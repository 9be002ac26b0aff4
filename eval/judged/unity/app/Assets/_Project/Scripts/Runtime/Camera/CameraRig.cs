using Cinemachine;
using UnityEngine;

namespace Skyward.CameraSystem
{
    public sealed class CameraRig : MonoBehaviour
    {
        [SerializeField] private CinemachineFreeLook freeLook;
        [SerializeField] private CinemachineImpulseSource impulseSource;
        [SerializeField] private float defaultFov = 50f;

        public void Follow(Transform target)
        {
            freeLook.Follow = target;
            freeLook.LookAt = target;
        }

        public void Shake(float force) => impulseSource.GenerateImpulse(force);

        public void SetFov(float fov) => freeLook.m_Lens.FieldOfView = fov <= 0 ? defaultFov : fov;
    }
}
